import crypto from 'node:crypto';
import { MSG, vatFor, type AddressInput, type Order } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { winDeadline, type OrdersDeps, type Trx } from './deps.js';
import type { Invoices } from './invoices.js';
import type { OrderViews } from './order-views.js';
import * as q from './queries.js';
import type { ShowLine } from './show-orders.js';
import { addressColumns } from '../../lib/address-columns.js';

/** An item won (at auction, or by a second chance) that becomes an order of its own. */
interface WonSale {
  auctionId: string;
  buyerId: string;
  sellerId: string;
  productId: string | null;
  title: string;
  imageKey: string | null;
  price: number;
}

/**
 * Orders that wait for a winner's address: a won auction's (or, for a show's lot, a line of the
 * show order) and a second chance's, and the address that completes them.
 */
export function createWonOrders(
  deps: OrdersDeps & {
    invoices: Invoices;
    views: OrderViews;
    addToShow: (trx: Trx, buyerId: string, streamId: string, line: ShowLine) => Promise<string>;
  },
) {
  const { db, catalog, invoices, addToShow } = deps;
  const { toOrders } = deps.views;

  /**
   * A won item's own order, one line, cash on delivery, waiting for the buyer's address before its
   * deadline: the auction's winner's (`auctionId` set, unique) or a second chance's (`auctionId`
   * null; the line names the auction either way).
   */
  async function insertWonOrder(
    trx: Trx,
    sale: WonSale,
    idempotencyKey: string,
    auctionId: string | null,
  ): Promise<string> {
    const id = crypto.randomUUID();
    const createdAt = deps.clock.iso();
    await q.insertOrder(
      trx,
      q.awaitingAddressOrder({
        id,
        buyerId: sale.buyerId,
        idempotencyKey,
        subtotal: sale.price,
        vat: vatFor(sale.price),
        createdAt,
        auctionId,
        completeBy: winDeadline(deps),
      }),
    );
    await q.insertLines(
      trx,
      [q.unitLine(id, 0, { ...sale, unitPrice: sale.price }, { auction_id: sale.auctionId })],
      createdAt,
    );
    if (sale.productId) await catalog.recordSale(trx, sale.productId, 1);
    return id;
  }

  return {
    /**
     * The winner's order for a sold auction, inside the close's transaction: the hammer price plus
     * VAT, cash on delivery, waiting for the winner's address. The unique index on auction_id
     * makes a second one impossible whatever else goes wrong. A show's lot (`streamId`) instead
     * joins the winner's show order (ADR 0036): one delivery and one amount for the whole show.
     */
    async createForAuction(trx: Trx, sale: WonSale & { streamId?: string | null }): Promise<string> {
      if (sale.streamId)
        return addToShow(trx, sale.buyerId, sale.streamId, {
          productId: sale.productId,
          sellerId: sale.sellerId,
          title: sale.title,
          imageKey: sale.imageKey,
          unitPrice: sale.price,
          auctionId: sale.auctionId,
        });
      return insertWonOrder(trx, sale, `auction:${sale.auctionId}`, sale.auctionId);
    },
    /** The winner completes an auction's order with the checkout's address form. */
    async completeAddress(buyer: UserRow, orderId: string, address: AddressInput): Promise<Order> {
      // The address and the sellers' shipping deadline (issue 31) are one change.
      const given = await db.transaction().execute(async (trx) => {
        if (!(await q.setAddress(trx, orderId, buyer.id, addressColumns(address)))) return false;
        await q.setShipBy(trx, orderId, deps.clock.iso(deps.shipWithinMs));
        // A won order is placed as its address is given: that is its tax point (ADR 0042).
        await invoices.issueForOrder(trx, orderId);
        return true;
      });
      if (!given) {
        const order = await q.findOrder(db, orderId);
        if (!order || order.buyer_id !== buyer.id) throw new DomainError('NOT_FOUND', MSG.orderNotFound);
        // The sweep cancelled it first (issue 31): the winner is told so, not that it has an address.
        if (order.cancel_reason === 'unpaid') throw new DomainError('CONFLICT', MSG.orderUnpaidCancelled);
        throw new DomainError('CONFLICT', MSG.orderNotAwaitingAddress);
      }
      return (await toOrders([(await q.findOrder(db, orderId))!]))[0]!;
    },
    /**
     * The second-chance order (issue 31): the runner-up's, at their own highest bid, waiting for
     * their address with a deadline of its own. Its line names the auction; the order does not
     * (orders.auction_id is the winner's order's, unique).
     */
    async createForSecondChance(trx: Trx, sale: WonSale & { offerId: string }): Promise<string> {
      return insertWonOrder(trx, sale, `second-chance:${sale.offerId}`, null);
    },
  };
}
