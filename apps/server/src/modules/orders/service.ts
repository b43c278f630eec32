import type { Kysely } from 'kysely';
import { MSG, type Order, type Sale } from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { gulfDay } from '../../lib/gulf-time.js';
import { recipientLocale } from '../../lib/locale.js';
import { createCheckout } from './checkout.js';
import { createDeliveryLines } from './delivery-lines.js';
import type { OrdersDeps } from './deps.js';
import { exportCsv } from './export.js';
import type { ExportSide } from './export-queries.js';
import { createFulfilment } from './fulfilment.js';
import { createInvoices } from './invoices.js';
import { createOrderViews } from './order-views.js';
import { createOfferOrders } from './offer-orders.js';
import * as q from './queries.js';
import { createShowOrders } from './show-orders.js';
import { createUnpaidOrders } from './unpaid-orders.js';
import { createWonOrders } from './won-orders.js';

export type { ClipSource, CodBlock } from './deps.js';
export type OrdersService = ReturnType<typeof createOrdersService>;

/**
 * Orders, joined from their parts: the cart's checkout (checkout.ts), orders waiting for a
 * winner's address (won-orders.ts, show-orders.ts, unpaid-orders.ts), a line's fulfilment (fulfilment.ts), invoices (invoices.ts),
 * and the reads below, which show them (order-views.ts).
 */
export function createOrdersService(deps: OrdersDeps) {
  const { db } = deps;
  const invoices = createInvoices({ db, clock: deps.clock, profiles: deps.profiles });
  const views = createOrderViews({ db, clock: deps.clock, media: deps.media, invoices, clipSources: deps.clipSources });
  const { toOrders, salesOf } = views;
  const parts = { ...deps, invoices, views };
  const shows = createShowOrders(deps);

  return {
    ...createCheckout(parts),
    ...shows.members,
    ...createWonOrders({ ...parts, addToShow: shows.addToShow }),
    ...createOfferOrders(parts),
    ...createUnpaidOrders(deps),
    ...createFulfilment(parts),
    ...createDeliveryLines(parts),

    /** One order of the buyer's, as My Orders shows it. */
    async orderOf(buyerId: string, orderId: string): Promise<Order> {
      const row = await q.findOrder(db, orderId);
      if (!row || row.buyer_id !== buyerId) throw new DomainError('NOT_FOUND', MSG.orderNotFound);
      return (await toOrders([row]))[0]!;
    },

    /** One line of the seller's, as Sales shows it. */
    async saleOf(sellerId: string, lineId: string): Promise<Sale> {
      const sale = (await salesOf(sellerId, lineId))[0];
      if (!sale) throw new DomainError('NOT_FOUND', MSG.saleNotFound);
      return sale;
    },

    /** For You: the sellers of what this person bought lately. */
    purchaseSignals: (buyerId: string, limit: number) => q.purchaseSignals(db, buyerId, limit),

    /** An auction's order, for the auction page (its winner and seller see it). */
    orderOfAuction: (auctionId: string, runner: Kysely<DB> = db) => q.findOrderOfAuction(runner, auctionId),

    async ordersOf(buyer: UserRow): Promise<Order[]> {
      return toOrders(await q.ordersOfBuyer(db, buyer.id, 50));
    },

    salesOf: (seller: UserRow): Promise<Sale[]> => salesOf(seller.id),

    /**
     * My orders ('buyer') or sales ('seller') as a CSV download (issue 32): its dated name and its
     * chunks, read a page at a time as the answer is sent. Headers in the person's language.
     */
    csvExport(person: UserRow, side: ExportSide) {
      const kind = side === 'buyer' ? 'orders' : 'sales';
      return {
        filename: `souq-${kind}-${gulfDay(deps.clock.now())}.csv`,
        chunks: exportCsv(db, side, person.id, recipientLocale(person.locale)),
      };
    },

    // Invoices and credit notes (issue 32, ADR 0042): invoices.ts.
    /** An order's invoices and credit notes for its buyer (all) or a seller (their own); 404 to anyone else. */
    orderDocuments: (person: UserRow, orderId: string) => invoices.listFor(person, orderId),
    /** One document as a PDF, drawn from its snapshot; 404 to anyone but its buyer and seller. */
    documentPdf: (person: UserRow, id: string) => invoices.pdfFor(person, id),
  };
}
