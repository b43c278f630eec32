import { MSG, type GiveawayDraw } from '@souq/shared';
import { committing } from '../../lib/after-commit.js';
import { DomainError } from '../../lib/errors.js';
import { firstImageKey } from '../../media/image-keys.js';
import { draw, entriesHashOf } from './giveaway-draw.js';
import { tellWinner } from './giveaway-news.js';
import type { GiveawaysDeps } from './giveaways.js';
import * as q from './giveaways-queries.js';

/**
 * The end of a giveaway (ADR 0054): one instance claims it as its timer runs out, draws from the
 * entries with a fresh seed, puts the prize at AED 0 (and the host's delivery charge) in the
 * winner's order from the show and tells them, all in one transaction; staff can replay it.
 */
export function createDrawing(deps: GiveawaysDeps, announce: (id: string) => Promise<unknown>) {
  const { db, clock, ports } = deps;

  /** Draws one due giveaway, if this instance claims it; announces it once committed. */
  async function drawOne(id: string): Promise<void> {
    const drawn = await committing(db, async (trx, onCommit) => {
      if (!(await q.claimDue(trx, id, clock.iso()))) return false;
      const giveaway = (await q.cardOf(trx, id))!;
      const entrants = await q.entrantsOf(trx, id);
      const result = draw(entrants);
      let orderId: string | null = null;
      const winnerId = result.winnerId;
      if (winnerId) {
        const fee = Number(giveaway.delivery_fee);
        const line = {
          productId: giveaway.product_id,
          sellerId: giveaway.owner_id,
          imageKey: firstImageKey(giveaway.images),
        };
        const add = (extra: { productId?: null; title: string; unitPrice: number }) =>
          ports.orders.addToShowOrder(trx, {
            buyerId: winnerId,
            streamId: giveaway.stream_id,
            line: { ...line, ...extra },
          });
        orderId = (await add({ title: giveaway.title, unitPrice: 0 })).id;
        await tellWinner(deps, trx, onCommit, {
          winnerId,
          streamId: giveaway.stream_id,
          title: giveaway.title,
          deliveryFee: fee,
          addFee: async (title) => void (await add({ productId: null, title, unitPrice: fee })),
        });
      }
      await q.recordDraw(trx, id, { ...result, count: entrants.length, orderId });
      return true;
    });
    if (drawn) await announce(id);
  }

  return {
    /** The draw job: every giveaway whose timer ran out; answers when the next one is due. */
    async drawDue(): Promise<number | void> {
      for (const id of await q.dueIds(db, clock.iso())) await drawOne(id);
      const next = await q.nextEnd(db);
      if (next) return Math.max(50, Date.parse(next) - Date.parse(clock.iso()));
    },

    /** Staff: the stored draw and the winner the same seed and entries give again now. */
    async replay(giveawayId: string): Promise<GiveawayDraw> {
      const stored = await q.storedDraw(db, giveawayId);
      if (!stored || stored.status === 'open') throw new DomainError('NOT_FOUND', MSG.giveawayNotFound);
      const entries = await q.entrantsOf(db, giveawayId);
      const hash = entriesHashOf(entries);
      const again = stored.seed ? draw(entries, stored.seed) : { winnerId: null };
      return {
        giveawayId,
        seed: stored.seed ?? '',
        entriesHash: stored.entries_hash ?? hash,
        entries: [...entries].sort(),
        winnerId: stored.winner_id,
        replayedWinnerId: again.winnerId,
        matches: stored.entries_hash === hash && again.winnerId === stored.winner_id,
      };
    },
  };
}
