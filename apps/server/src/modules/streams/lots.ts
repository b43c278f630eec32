import { createLotAccess, type RunSheetDeps } from './lot-access.js';
import { createLotEdits } from './lot-edits.js';
import { createLotRunning } from './lot-running.js';
import { createPrebids } from './prebids.js';

export type { RunSheetDeps } from './lot-access.js';

/**
 * A show's run sheet (ADR 0036): the host adds, changes, drops and reorders lots (lot-edits.ts)
 * and runs them (lot-running.ts); viewers leave pre-bids on waiting ones (prebids.ts). Each lot is
 * an auction (the auctions module keeps its rows and its bids); what is decided here is who may
 * do what to it, and when.
 */
export function createRunSheet(deps: RunSheetDeps) {
  const access = createLotAccess(deps);
  const { prebid, placePrebids } = createPrebids(deps, access);
  const { onLotClosed, startLot, closeRunSheet } = createLotRunning(deps, access, { placePrebids });
  return { onLotClosed, ...createLotEdits(deps, access), startLot, prebid, closeRunSheet };
}

export type RunSheet = ReturnType<typeof createRunSheet>;
