import { OPEN_OFFER_STATUSES, type OfferStatus } from '@souq/shared';
import type { Job } from '../../jobs/runner.js';
import { committing } from '../../lib/after-commit.js';
import type { OffersDeps } from './deps.js';
import * as q from './queries.js';
import { tell } from './tell.js';
import { agreedPrice } from './views.js';

/** How often the lapse job looks, at the longest; it wakes sooner for an offer due sooner. */
export const LAPSE_EVERY_MS = 60_000;
const BATCH = 100;

/**
 * Offers whose time ran out (ADR 0053): one waiting for an answer after OFFER_HOURS, and an
 * accepted one not checked out in 24 hours, whose unit goes back. Each is claimed by a conditional
 * move, so two instances (or a last-second answer) settle it once; both sides are told.
 */
export function createLapse(deps: OffersDeps) {
  const { db, clock } = deps;

  async function lapse(offer: q.OfferRow): Promise<void> {
    await committing(deps.db, async (trx, onCommit) => {
      const now = clock.iso();
      const moved = await q.move(
        trx,
        offer.id,
        offer.status as OfferStatus,
        { status: 'lapsed', updated_at: now },
        {
          before: now,
        },
      );
      if (!moved) return;
      const price = agreedPrice(offer);
      if (OPEN_OFFER_STATUSES.includes(offer.status as OfferStatus)) {
        await tell(deps, trx, onCommit, offer, 'buyer', 'lapsed_buyer', price);
        await tell(deps, trx, onCommit, offer, 'seller', 'lapsed_seller', price);
        return;
      }
      await q.settleUnit(trx, offer.product_id, false);
      await tell(deps, trx, onCommit, offer, 'buyer', 'unpaid_buyer', price);
      await tell(deps, trx, onCommit, offer, 'seller', 'unpaid_seller', price);
    });
  }

  return {
    /** Lapses what is due; answers how soon the next offer falls due. */
    async lapseDue(): Promise<number> {
      for (;;) {
        const due = await q.dueOffers(db, clock.iso(), BATCH);
        for (const offer of due) await lapse(offer);
        if (due.length < BATCH) break;
      }
      const next = await q.nextDue(db);
      return next === null ? LAPSE_EVERY_MS : Math.max(1_000, Date.parse(next) - clock.now().getTime());
    },
  };
}

export const lapseJob = (lapseDue: () => Promise<number>): Job => ({
  name: 'offers.lapse',
  everyMs: LAPSE_EVERY_MS,
  run: lapseDue,
});
