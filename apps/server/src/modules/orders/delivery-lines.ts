import type { AddressInput } from '@souq/shared';
import { addressColumns } from '../../lib/address-columns.js';
import type { OrdersDeps, Trx } from './deps.js';
import * as dq from './delivery-queries.js';
import type { Invoices } from './invoices.js';
import * as q from './queries.js';

/**
 * A line at the door (issue 46): the delivery module records attempts and, through these, moves
 * the line on (delivered, or cancelled as "Delivery failed" with its credit note) in its own
 * transaction, and puts the order's address right when the buyer answers a failed attempt.
 */
export function createDeliveryLines(deps: Pick<OrdersDeps, 'db' | 'clock'> & { invoices: Invoices }) {
  const { db, invoices } = deps;
  return {
    deliveryLines: (lineIds: string[], runner: Trx | OrdersDeps['db'] = db) => dq.deliveryLines(runner, lineIds),

    /** shipped → delivered, only if it is still shipped. */
    deliverLine: (trx: Trx, lineId: string, sellerId: string) =>
      q.moveLine(trx, lineId, sellerId, 'shipped', 'delivered', deps.clock.iso()),

    /** shipped → cancelled, credited on the invoice as other cancels are (ADR 0042). */
    async cancelUndelivered(trx: Trx, lineId: string, sellerId: string): Promise<boolean> {
      if (!(await q.moveLine(trx, lineId, sellerId, 'shipped', 'cancelled', deps.clock.iso()))) return false;
      await invoices.creditLines(trx, [lineId]);
      return true;
    },

    correctAddress: (trx: Trx, orderId: string, buyerId: string, address: AddressInput) =>
      q.setAddress(trx, orderId, buyerId, addressColumns(address), 'placed'),

    openOrdersOf: (buyerId: string, runner: Trx | OrdersDeps['db'] = db) => dq.openOrdersOf(runner, buyerId),
  };
}
