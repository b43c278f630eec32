import crypto from 'node:crypto';
import { vatFor, type AddressInput } from '@souq/shared';
import { addressColumns } from '../../lib/address-columns.js';
import { holdCodLimits, refuseBlockedBuyer } from './checkout.js';
import type { OrdersDeps, Trx } from './deps.js';
import type { Invoices } from './invoices.js';
import * as q from './queries.js';

/** An accepted offer (ADR 0053): one unit, at the agreed price, to the buyer's address. */
export interface OfferSale {
  offerId: string;
  buyerId: string;
  sellerId: string;
  productId: string;
  title: string;
  imageKey: string | null;
  price: number;
  address: AddressInput;
}

/**
 * Orders made from accepted offers (ADR 0053): placed at once, as the cart's checkout places them,
 * with the address the buyer checks out with, and held to cash on delivery's limits as it is.
 */
export function createOfferOrders(deps: OrdersDeps & { invoices: Invoices }) {
  return {
    /**
     * The order for an accepted offer, in the offer's checkout transaction. Its idempotency key names
     * the offer, so the unique index on (buyer, key) makes a second order impossible.
     */
    async createForOffer(trx: Trx, sale: OfferSale): Promise<string> {
      await refuseBlockedBuyer(deps, trx, sale.buyerId);
      const vat = vatFor(sale.price);
      await holdCodLimits(deps, trx, sale.buyerId, sale.price + vat);
      const id = crypto.randomUUID();
      const placedAt = deps.clock.iso();
      await q.insertOrder(trx, {
        id,
        buyer_id: sale.buyerId,
        idempotency_key: `offer:${sale.offerId}`,
        request_hash: null,
        status: 'placed',
        payment_method: 'cash_on_delivery',
        subtotal: sale.price,
        vat,
        total: sale.price + vat,
        ...addressColumns(sale.address),
        created_at: placedAt,
        auction_id: null,
      });
      await q.insertLines(
        trx,
        [q.unitLine(id, 0, { ...sale, unitPrice: sale.price }, { ship_by: deps.clock.iso(deps.shipWithinMs) })],
        placedAt,
      );
      await deps.catalog.recordSale(trx, sale.productId, 1);
      // As at checkout, the placing is the tax point (ADR 0042).
      await deps.invoices.issueForOrder(trx, id);
      return id;
    },
  };
}
