import { MSG, NEXT_FULFILMENT, type FulfilmentChange, type Sale } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { OrdersDeps, Trx } from './deps.js';
import type { Invoices } from './invoices.js';
import type { OrderViews } from './order-views.js';
import * as q from './queries.js';

/**
 * A line after it is sold: the seller moves it on, the late-shipping job and the buyer's late
 * cancel (issue 31) read and change it, and the seller's on-time share is counted from it.
 */
export function createFulfilment(deps: Pick<OrdersDeps, 'db' | 'clock'> & { invoices: Invoices; views: OrderViews }) {
  const { db, invoices } = deps;
  const { isLate, salesOf } = deps.views;

  return {
    /**
     * The seller moves their line on: forward only, cancel until shipped, and only once the
     * buyer has given an address. `from` must be what the seller saw, so a stale tab is refused.
     */
    async moveSale(seller: UserRow, lineId: string, change: FulfilmentChange): Promise<Sale> {
      const line = await q.saleLine(db, lineId, seller.id);
      if (!line) throw new DomainError('NOT_FOUND', MSG.saleNotFound);
      if (line.order_status === 'awaiting_address') throw new DomainError('CONFLICT', MSG.fulfilmentNeedsAddress);
      if (line.status !== change.from) throw new DomainError('CONFLICT', MSG.fulfilmentChanged);
      if (!NEXT_FULFILMENT[change.from].includes(change.status))
        throw new DomainError('CONFLICT', MSG.fulfilmentNotAllowed);
      const moved = await db.transaction().execute(async (trx) => {
        if (!(await q.moveLine(trx, lineId, seller.id, change.from, change.status, deps.clock.iso()))) return false;
        // A cancel after the invoice is credited in the same change (ADR 0042).
        if (change.status === 'cancelled') await invoices.creditLines(trx, [lineId]);
        return true;
      });
      if (!moved) throw new DomainError('CONFLICT', MSG.fulfilmentChanged);
      return (await salesOf(seller.id, lineId))[0]!;
    },

    // After a sale (issue 31): the aftersale module's rules on lines, through the port.

    /** Late lines whose buyer has not been told; `markLate` claims each one in the caller's transaction. */
    lateLinesUntold: (limit: number) => q.lateLinesUntold(db, deps.clock.iso(), limit),
    markLate: (trx: Trx, lineId: string): Promise<boolean> => q.markLate(trx, lineId, deps.clock.iso()),
    /** The next deadline ahead, or null: the late job sleeps until then (a short SHIP_WITHIN_HOURS is told in time). */
    nextShipBy: async (): Promise<string | null> => (await q.nextShipBy(db, deps.clock.iso()))?.next ?? null,

    /** One line of the buyer's orders, or undefined if it is not theirs. */
    buyerLine: (lineId: string, buyerId: string) => q.buyerLine(db, lineId, buyerId),

    /**
     * The buyer cancels a line its seller is late to ship: only the buyer, only past the deadline,
     * only unshipped. The update is conditional, so against the seller marking it shipped at the
     * same instant exactly one of the two happens. Like a seller's cancel, it changes no product
     * row (products have no stock count; sold_count records sales made).
     */
    async cancelLate(trx: Trx, buyerId: string, lineId: string) {
      const line = await q.buyerLine(trx, lineId, buyerId);
      if (!line) throw new DomainError('NOT_FOUND', MSG.lineNotFound);
      if (!(q.UNSHIPPED as readonly string[]).includes(line.status))
        throw new DomainError('CONFLICT', MSG.lineAlreadyShipped);
      if (!isLate(line)) throw new DomainError('CONFLICT', MSG.lineNotLate);
      if (!(await q.cancelLate(trx, lineId, buyerId, deps.clock.iso())))
        throw new DomainError('CONFLICT', MSG.lineAlreadyShipped);
      await invoices.creditLines(trx, [lineId]);
      return line;
    },

    /** On-time shipping over the window that ends now. */
    async shippingRecord(sellerId: string, windowMs: number): Promise<{ due: number; onTime: number }> {
      const row = await q.shippingRecord(db, sellerId, deps.clock.iso(-windowMs), deps.clock.iso());
      return { due: Number(row.due), onTime: Number(row.on_time) };
    },
  };
}
