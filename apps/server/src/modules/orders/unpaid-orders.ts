import type { Kysely } from 'kysely';
import { MSG } from '@souq/shared';
import type { DB } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { OrdersDeps, Trx } from './deps.js';
import * as q from './queries.js';
import * as uq from './unpaid-queries.js';

/**
 * Winners who don't pay (issue 31, ADR 0037): the deadlines and reminders of orders waiting for an
 * address, the unpaid cancel, and the winner's request to cancel, which the auctions module's
 * unpaid-wins part drives through the port.
 */
export function createUnpaidOrders(deps: Pick<OrdersDeps, 'db' | 'clock'>) {
  const { db } = deps;
  return {
    /** Waiting orders whose 24-hours or 2-hours reminder is due now. */ dueWinReminders: (
      which: uq.Reminder,
      aheadMs: number,
      limit: number,
    ) => uq.dueReminders(db, which, deps.clock.iso(), deps.clock.iso(aheadMs), limit),
    claimWinReminder: (trx: Trx, orderId: string, which: uq.Reminder) =>
      uq.claimReminder(trx, orderId, which, deps.clock.iso()),
    /** Waiting orders past their deadline. */
    dueUnpaidOrders: (limit: number) => uq.dueUnpaid(db, deps.clock.iso(), limit),
    /** The deadlines still ahead, with which reminders have gone: the sweep's next wake-up. */
    upcomingWinDeadlines: () => uq.upcomingDeadlines(db, deps.clock.iso()),
    /** Cancels an order past its deadline, in the caller's transaction; false if it was completed (or cancelled) first. */
    cancelUnpaid: (trx: Trx, orderId: string) => uq.cancelWaiting(trx, orderId, 'unpaid', deps.clock.iso()),
    /** An order's buyer and its lines' sellers and titles. */
    partiesOf: (runner: Kysely<DB>, orderId: string) => uq.orderParties(runner, orderId),

    /** The winner asks the seller to cancel; refused unless it is their waiting won order, asked once. */
    async askCancel(trx: Trx, buyerId: string, orderId: string): Promise<void> {
      if (await uq.askCancel(trx, orderId, buyerId, deps.clock.iso())) return;
      const order = await q.findOrder(trx, orderId);
      if (!order || order.buyer_id !== buyerId) throw new DomainError('NOT_FOUND', MSG.orderNotFound);
      if (order.status === 'awaiting_address' && order.cancel_asked_at)
        throw new DomainError('CONFLICT', MSG.cancelAlreadyAsked);
      throw new DomainError('CONFLICT', MSG.orderNotCancellable);
    },

    /**
     * The seller answers on one of their lines: agreeing cancels the whole waiting order with no
     * strike, declining withdraws the request and leaves the deadline running. Returns the order.
     */
    async answerCancel(trx: Trx, sellerId: string, lineId: string, agree: boolean): Promise<string> {
      const line = await uq.orderOfSellerLine(trx, lineId, sellerId);
      if (!line) throw new DomainError('NOT_FOUND', MSG.saleNotFound);
      const done = agree
        ? await uq.cancelWaiting(trx, line.order_id, 'buyer_asked', deps.clock.iso())
        : await uq.declineCancel(trx, line.order_id);
      if (!done) throw new DomainError('CONFLICT', MSG.cancelNotAsked);
      return line.order_id;
    },
  };
}
