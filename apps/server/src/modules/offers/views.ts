import { OPEN_OFFER_STATUSES, type Offer, type OfferDecline, type OfferStatus } from '@souq/shared';
import type { OffersDeps } from './deps.js';
import type { OfferRow } from './queries.js';

const TIMED: readonly string[] = [...OPEN_OFFER_STATUSES, 'accepted'];

/**
 * Offers as both sides see them, with each side's name and the product's photo as it is now (the
 * catalog's: a photo the seller replaced is gone, so the offer keeps no key of its own).
 */
export async function toOffers(deps: Pick<OffersDeps, 'db' | 'accounts' | 'catalog' | 'media'>, rows: OfferRow[]) {
  const ids = [...new Set(rows.flatMap((r) => [r.buyer_id, r.seller_id]))];
  const productIds = [...new Set(rows.map((r) => r.product_id))];
  const [contacts, products] = await Promise.all([
    deps.accounts.contactsOf(deps.db, ids),
    deps.db.transaction().execute((trx) => deps.catalog.pricesFor(trx, productIds)),
  ]);
  const names = new Map(contacts.map((c) => [c.id, c.username]));
  const photos = new Map(products.map((p) => [p.id, p.imageKey]));
  const party = (id: string) => ({ id, username: names.get(id) ?? '' });
  return rows.map((r): Offer => ({
    id: r.id,
    productId: r.product_id,
    title: r.title,
    image: deps.media.thumbUrl(photos.get(r.product_id) ?? null),
    listPrice: r.list_price,
    amount: r.amount,
    counterAmount: r.counter_amount,
    status: r.status as OfferStatus,
    declined: r.declined as OfferDecline | null,
    buyer: party(r.buyer_id),
    seller: party(r.seller_id),
    createdAt: r.created_at,
    expiresAt: TIMED.includes(r.status) ? r.expires_at : null,
    orderId: r.order_id,
  }));
}

/** The price both sides agreed: the seller's counter when the buyer took it, else the buyer's offer. */
export const agreedPrice = (r: Pick<OfferRow, 'amount' | 'counter_amount'>) => r.counter_amount ?? r.amount;
