import type { Kysely, Transaction } from 'kysely';
import { MSG, type Lot } from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { Publish } from '../../lib/events.js';
import type { ShowAuctions } from './show-deps.js';
import type * as q from './queries.js';

declare module '../../lib/events.js' {
  interface DomainEvents {
    /** A show's run sheet changed (a lot added, moved, dropped, run, sold or passed): the room hears it whole. */
    'stream.lots': { streamId: string };
  }
}

export interface RunSheetDeps {
  db: Kysely<DB>;
  clock: Clock;
  publish: Publish;
  log: { warn(obj: unknown, msg: string): void };
  auctions: ShowAuctions;
  avatarUrl: (key: string | null) => string;
  /** The show, or NOT_FOUND; the host's own show, or FORBIDDEN. */
  mustFind(id: string): Promise<q.StreamRow>;
  hosted(user: UserRow, id: string): Promise<q.StreamRow>;
  /** A lot as the room sees it (its clip included). */
  withClip(lot: Omit<Lot, 'clip'>): Promise<Lot>;
}

/**
 * What every part of the run sheet asks first: the host's open show (`hostedOpen`), a lot of this
 * show (`lotOn`) and that lot as the room sees it (`shown`); and how the room hears of a change.
 */
export function createLotAccess(deps: RunSheetDeps) {
  const changed = (streamId: string) => deps.publish({ type: 'stream.lots', streamId });

  /** The host's show, not over (a scheduled one is still being prepared). */
  async function hostedOpen(host: UserRow, id: string) {
    const row = await deps.hosted(host, id);
    if (row.status === 'ended') throw new DomainError('CONFLICT', MSG.streamNotLive);
    return row;
  }

  /** A lot of this show, as the auctions module keeps it (held until `held` ends, when given). */
  async function lotOn(streamId: string, lotId: string, held?: Transaction<DB>) {
    const lot = await deps.auctions.lotOf(lotId, held);
    if (!lot || lot.streamId !== streamId) throw new DomainError('NOT_FOUND', MSG.lotNotFound);
    return lot;
  }

  const shown = async (streamId: string, lotId: string) => deps.withClip(await lotOn(streamId, lotId));

  return { changed, hostedOpen, lotOn, shown };
}

export type LotAccess = ReturnType<typeof createLotAccess>;
