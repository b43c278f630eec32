import crypto from 'node:crypto';
import { MSG, vatFor } from '@souq/shared';
import { DomainError } from '../../lib/errors.js';
import { winDeadline, type OrdersDeps, type Trx } from './deps.js';
import * as q from './queries.js';

/** What a line won or bought in a show carries into the buyer's show order. */
export interface ShowLine {
  productId: string | null;
  sellerId: string;
  title: string;
  imageKey: string | null;
  unitPrice: number;
  /** The lot it was won at; null for a Buy It Now purchase. */
  auctionId: string | null;
}

/**
 * A buyer's show order (ADR 0036): every lot they win and every Buy It Now they take in one show
 * joins one order, waiting for their address, priced again with each line.
 */
export function createShowOrders(deps: Pick<OrdersDeps, 'db' | 'dialect' | 'catalog' | 'clock' | 'winCompleteMs'>) {
  const { db, catalog } = deps;
  /**
   * The buyer's show order waiting for their address, made if there is none: insert-if-none, then
   * read it locked. If the address was given between the two (the order left 'awaiting_address'),
   * the next round makes a new one, as a win after the address does.
   */
  async function openShowOrder(trx: Trx, buyerId: string, streamId: string): Promise<string> {
    for (let round = 0; round < 3; round++) {
      const id = crypto.randomUUID();
      await q.insertShowOrderIfNone(
        trx,
        q.awaitingAddressOrder({
          id,
          buyerId,
          // Unique per order, so the only conflict the insert can meet is the open show order's index.
          idempotencyKey: `show:${id}`,
          subtotal: 0,
          vat: 0,
          createdAt: deps.clock.iso(),
          auctionId: null,
          streamId,
          // The first win's deadline is the whole show order's (ADR 0037): it is set only as the order is made.
          completeBy: winDeadline(deps),
        }),
      );
      const open = await q.lockOpenShowOrder(trx, buyerId, streamId, deps.dialect);
      if (open) return open.id;
    }
    throw new DomainError('CONFLICT', MSG.orderNotAwaitingAddress);
  }

  /** Adds one unit to the buyer's show order and prices the whole order again, VAT as at checkout. */
  async function addToShow(trx: Trx, buyerId: string, streamId: string, line: ShowLine): Promise<string> {
    const orderId = await openShowOrder(trx, buyerId, streamId);
    const before = await q.lineSums(trx, orderId);
    await q.insertLines(
      trx,
      [q.unitLine(orderId, Number(before.last_position) + 1, line, { auction_id: line.auctionId })],
      deps.clock.iso(),
    );
    const subtotal = Number(before.subtotal) + line.unitPrice;
    const vat = vatFor(subtotal);
    await q.setTotals(trx, orderId, { subtotal, vat, total: subtotal + vat });
    if (line.productId) await catalog.recordSale(trx, line.productId, 1);
    return orderId;
  }

  return {
    addToShow,
    members: {
      /**
       * Buy It Now (streams/pins.ts) and a giveaway's prize (streams/giveaways.ts): one unit into the
       * buyer's show order, inside the purchase's or the draw's transaction; a giveaway's delivery
       * charge is a line with no product. Returns the order it joined.
       */
      async addToShowOrder(
        trx: Trx,
        purchase: {
          buyerId: string;
          streamId: string;
          line: {
            productId: string | null;
            sellerId: string;
            title: string;
            imageKey: string | null;
            unitPrice: number;
          };
        },
      ): Promise<{ id: string; status: string }> {
        const id = await addToShow(trx, purchase.buyerId, purchase.streamId, { ...purchase.line, auctionId: null });
        return { id, status: 'awaiting_address' };
      },

      /** The stream page's "your order from this show": the buyer's latest order of it. */
      showOrderOf: (buyerId: string, streamId: string): Promise<{ id: string; status: string } | undefined> =>
        q.latestShowOrder(db, buyerId, streamId),
    },
  };
}
