import crypto from 'node:crypto';
import {
  codBlockedUntil,
  codOrderTooLarge,
  codTooManyOpen,
  formatAED,
  IdempotencyKeySchema,
  MSG,
  suspensionDay,
  vatFor,
  type AddressInput,
  type CheckoutInput,
  type Order,
  type Quote,
  type QuoteInput,
} from '@souq/shared';
import { isUniqueViolation } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { addressColumns } from '../../lib/address-columns.js';
import { DomainError } from '../../lib/errors.js';
import type { OrdersDeps, Trx } from './deps.js';
import { lockBuyer, openOrdersOf } from './delivery-queries.js';
import { orderPlacedMail } from './emails.js';
import type { Invoices } from './invoices.js';
import type { OrderViews } from './order-views.js';
import * as q from './queries.js';

/** A quoted line, with what the order stores but the browser is not shown: the seller, and the photo's key. */
type PricedLine = Quote['lines'][number] & { sellerId: string; imageKey: string | null };

/** Same product twice in a cart is one line with the quantities added. */
function mergeLines(lines: { productId: string; quantity: number }[]) {
  const merged = new Map<string, number>();
  for (const l of lines) merged.set(l.productId, Math.min(99, (merged.get(l.productId) ?? 0) + l.quantity));
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * What an idempotency key promises to repeat: the cart (merged, in product order, so a retry that
 * lists the same lines differently is the same order) and the delivery address, as validated.
 */
function requestHash(input: { lines: { productId: string; quantity: number }[]; address: AddressInput }): string {
  const lines = mergeLines(input.lines).sort((a, b) => (a.productId < b.productId ? -1 : 1));
  return (
    crypto
      .createHash('sha256')
      // The same mobile written another way (+971-50…, 050…) is the same address.
      .update(JSON.stringify({ lines, address: { ...addressColumns(input.address), phone: undefined } }))
      .digest('hex')
  );
}

/** Prices come from the database; what the browser's cart claims is ignored. */
async function price(
  { catalog, media }: Pick<OrdersDeps, 'catalog' | 'media'>,
  trx: Trx,
  buyer: UserRow,
  requested: { productId: string; quantity: number }[],
): Promise<Omit<Quote, 'lines'> & { lines: PricedLine[] }> {
  const wanted = mergeLines(requested);
  const products = new Map(
    (
      await catalog.pricesFor(
        trx,
        wanted.map((l) => l.productId),
      )
    ).map((p) => [p.id, p]),
  );
  const lines = wanted.map(({ productId, quantity }) => {
    const p = products.get(productId);
    if (!p || !p.purchasable) throw new DomainError('CONFLICT', MSG.itemsUnavailable, { productId });
    if (p.ownerId === buyer.id) throw new DomainError('FORBIDDEN', MSG.cannotBuyOwn, { productId });
    return {
      productId,
      title: p.title,
      image: media.thumbUrl(p.imageKey),
      unitPrice: p.price,
      quantity,
      lineTotal: p.price * quantity,
      sellerId: p.ownerId,
      imageKey: p.imageKey,
    };
  });
  const subtotal = lines.reduce((sum, l) => sum + l.lineTotal, 0);
  const vat = vatFor(subtotal);
  return { lines, subtotal, vat, total: subtotal + vat };
}

/**
 * Cash on delivery is Souq's only payment, so a buyer whose refusals block it cannot check out
 * (issue 46). The buyer's row is locked first, so their checkouts run one at a time from here on.
 */
export async function refuseBlockedBuyer(deps: Pick<OrdersDeps, 'cod' | 'dialect'>, trx: Trx, buyerId: string) {
  await lockBuyer(trx, buyerId, deps.dialect);
  for (const blockedUntil of deps.cod.blocks) {
    const until = await blockedUntil(trx, buyerId);
    if (until) throw new DomainError('FORBIDDEN', codBlockedUntil(suspensionDay(until)));
  }
}

/** An order's total and the buyer's open orders, within COD_MAX_AED and COD_MAX_OPEN_ORDERS. */
export async function holdCodLimits(deps: Pick<OrdersDeps, 'cod'>, trx: Trx, buyerId: string, total: number) {
  if (total > deps.cod.maxOrderFils)
    throw new DomainError('CONFLICT', codOrderTooLarge(formatAED(deps.cod.maxOrderFils)));
  const open = await openOrdersOf(trx, buyerId);
  if (open >= deps.cod.maxOpenOrders) throw new DomainError('CONFLICT', codTooManyOpen(open));
}

/** The cart's checkout: a quote from the database's prices, and the order placed once per idempotency key. */
export function createCheckout(deps: OrdersDeps & { invoices: Invoices; views: OrderViews }) {
  const { db, catalog, invoices } = deps;
  const { toOrders } = deps.views;

  /** The order placed earlier under this key, provided it was for the same cart and address. */
  async function existing(buyer: UserRow, key: string, hash: string): Promise<Order | undefined> {
    const row = await q.findOrderByKey(db, buyer.id, key);
    if (!row) return undefined;
    // As Stripe does: a key reused with another body is a client bug, not a retry.
    if (row.request_hash !== null && row.request_hash !== hash)
      throw new DomainError('IDEMPOTENCY_KEY_REUSED', MSG.orderKeyReused);
    return (await toOrders([row]))[0];
  }

  return {
    async quote(buyer: UserRow, { lines }: QuoteInput): Promise<Quote> {
      const quote = await db.transaction().execute((trx) => price(deps, trx, buyer, lines));
      return { ...quote, lines: quote.lines.map(({ sellerId: _seller, imageKey: _key, ...line }) => line) };
    },

    /** Creates the order once per idempotency key: a double click or a retry returns the first one. */
    async place(
      buyer: UserRow,
      checkout: CheckoutInput,
      idempotencyKey: string | undefined,
    ): Promise<{ order: Order; created: boolean }> {
      // Without a well-formed key a retry could place the order twice: the checkout starts again.
      if (idempotencyKey === undefined || !IdempotencyKeySchema.safeParse(idempotencyKey).success)
        throw new DomainError('VALIDATION_FAILED', MSG.checkoutExpired);
      const input = { ...checkout, idempotencyKey };
      const hash = requestHash(input);
      const prior = await existing(buyer, input.idempotencyKey, hash);
      if (prior) return { order: prior, created: false };
      const id = crypto.randomUUID();
      try {
        await db.transaction().execute(async (trx) => {
          await refuseBlockedBuyer(deps, trx, buyer.id);
          const quote = await price(deps, trx, buyer, input.lines);
          await holdCodLimits(deps, trx, buyer.id, quote.total);
          const placedAt = deps.clock.iso();
          await q.insertOrder(trx, {
            id,
            buyer_id: buyer.id,
            idempotency_key: input.idempotencyKey,
            request_hash: hash,
            status: 'placed',
            payment_method: 'cash_on_delivery',
            subtotal: quote.subtotal,
            vat: quote.vat,
            total: quote.total,
            ...addressColumns(input.address),
            created_at: placedAt,
            auction_id: null,
          });
          await q.insertLines(
            trx,
            quote.lines.map((l, position) => ({
              id: crypto.randomUUID(),
              order_id: id,
              position,
              product_id: l.productId,
              seller_id: l.sellerId,
              title: l.title,
              image_key: l.imageKey,
              unit_price: l.unitPrice,
              quantity: l.quantity,
              line_total: l.lineTotal,
              ship_by: deps.clock.iso(deps.shipWithinMs),
            })),
            placedAt,
          );
          // Product rows are locked in id order, so two carts with the same products in another order cannot deadlock.
          const byId = [...quote.lines].sort((a, b) => (a.productId < b.productId ? -1 : 1));
          for (const l of byId) await catalog.recordSale(trx, l.productId, l.quantity);
          // The tax point is the order's placing (ADR 0042): its invoices are part of it.
          await invoices.issueForOrder(trx, id);
        });
      } catch (error) {
        // The same key raced in from a second request: that request's order is the order.
        if (isUniqueViolation(error)) {
          const raced = await existing(buyer, input.idempotencyKey, hash);
          if (raced) return { order: raced, created: false };
        }
        throw error;
      }
      const order = (await existing(buyer, input.idempotencyKey, hash))!;
      const { mailer, publicUrl, log } = deps.mail;
      mailer
        .send(orderPlacedMail(publicUrl, buyer.email, buyer.username, order, buyer.locale))
        .catch((err: unknown) => log.warn({ err }, 'order confirmation mail not sent'));
      return { order, created: true };
    },
  };
}
