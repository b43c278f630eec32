import { MSG, bidAtLeast, formatAED } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { LotAccess, RunSheetDeps } from './lot-access.js';
import * as lq from './lots-queries.js';
import * as q from './queries.js';

/** Pre-bids: a viewer's maximum left on a waiting lot, and its bidding once the lot runs. */
export function createPrebids(deps: RunSheetDeps, access: Pick<LotAccess, 'lotOn'>) {
  const { db, clock, auctions } = deps;

  return {
    /** A verified viewer's maximum on a waiting lot, placed as a proxy bid when it runs. */
    async prebid(user: UserRow, streamId: string, lotId: string, maxAmount: number): Promise<{ maxAmount: number }> {
      const row = await deps.mustFind(streamId);
      if (row.host_id === user.id) throw new DomainError('FORBIDDEN', MSG.prebidOwnShow);
      if (await q.isBanned(db, streamId, user.id)) throw new DomainError('FORBIDDEN', MSG.removedCannotBid);
      // Two unpaid-item strikes suspend bidding (issue 31): a pre-bid is a bid left early.
      await auctions.assertMayBid(user.id);
      // The lot is read and held until the pre-bid is written (issue 42): a start either waits for
      // it and then places it, or went first and the lot is seen running. Never acknowledged and dropped.
      await db.transaction().execute(async (trx) => {
        const lot = await access.lotOn(streamId, lotId, trx);
        if (lot.status === 'running') throw new DomainError('CONFLICT', MSG.prebidLotRunning);
        if (row.status === 'ended' || lot.status !== 'waiting') throw new DomainError('CONFLICT', MSG.prebidNotOpen);
        if (maxAmount < lot.startingBid) {
          const message = bidAtLeast(formatAED(lot.startingBid));
          throw new DomainError('VALIDATION_FAILED', message, { maxAmount: message });
        }
        await lq.upsertPrebid(trx, {
          auction_id: lotId,
          user_id: user.id,
          max_amount: maxAmount,
          created_at: clock.iso(),
        });
      });
      return { maxAmount };
    },

    /** The running lot changes hands: every pre-bid, oldest first, bids as a proxy bid from the next minimum. */
    async placePrebids(lotId: string): Promise<void> {
      const prebids = await lq.prebidsOf(db, lotId);
      if (!prebids.length) return;
      const users = new Map(
        (
          await q.usersByIds(
            db,
            prebids.map((p) => p.user_id),
          )
        ).map((u) => [u.id, u]),
      );
      for (const prebid of prebids) {
        const user = users.get(prebid.user_id);
        const state = await auctions.liveState(lotId);
        if (!state || state.status !== 'open') return;
        const maxAmount = Number(prebid.max_amount);
        // The starting bid rose since, or the bidding passed it: this maximum cannot bid.
        if (!user || maxAmount < state.minimumBid) continue;
        await auctions.placeBid(user, lotId, { amount: state.minimumBid, maxAmount }).catch((error: unknown) => {
          // A removed viewer, a leader already past it, a chat bid that took the step: one pre-bid
          // fewer, never a lot that does not run.
          if (!(error instanceof DomainError)) deps.log.warn({ err: error }, 'placing a pre-bid failed');
        });
      }
    },
  };
}
