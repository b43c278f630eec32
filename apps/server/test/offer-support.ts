import type { Offer, OfferTermsInput } from '@souq/shared';
import { ADDRESS } from './aftersale-support.js';
import { call, insertProduct, type TestUser } from './catalog-support.js';
import type { TestApp } from './support.js';

/** A product of `seller`'s priced at `price` fils, taking offers on the terms given (ADR 0053). */
export async function productTakingOffers(
  t: TestApp,
  seller: TestUser,
  terms: Partial<OfferTermsInput> = {},
  p: { title?: string; price?: number } = {},
): Promise<string> {
  const id = await insertProduct(t, seller.id, { title: p.title ?? 'Brass dallah', price: p.price ?? 20_000 });
  const res = await call(t, 'PUT', `/api/products/${id}/offer-terms`, {
    user: seller,
    json: { allow: true, floor: null, units: 1, ...terms },
  });
  if (res.statusCode !== 200) throw new Error(`terms not set: ${res.body}`);
  return id;
}

/** The buyer's offer, as the dialog sends it. */
export async function makeOffer(t: TestApp, buyer: TestUser, productId: string, amount: unknown): Promise<Offer> {
  const res = await call(t, 'POST', `/api/products/${productId}/offers`, { user: buyer, json: { amount } });
  if (res.statusCode !== 201) throw new Error(`offer not made: ${res.body}`);
  return res.json() as Offer;
}

/** A step on an offer: accept, decline, counter, withdraw or checkout. */
export const offerStep = (t: TestApp, user: TestUser, id: string, step: string, json?: unknown) =>
  call(t, 'POST', `/api/offers/${id}/${step}`, { user, ...(json !== undefined && { json }) });

export const checkoutOffer = (t: TestApp, buyer: TestUser, id: string) =>
  offerStep(t, buyer, id, 'checkout', { address: ADDRESS });

/** The product's offer terms row, as the database holds it. */
export const termsRow = (t: TestApp, productId: string) =>
  t.database.db.selectFrom('offer_terms').selectAll().where('product_id', '=', productId).executeTakeFirstOrThrow();

export const offerRows = (t: TestApp, productId: string) =>
  t.database.db.selectFrom('offers').selectAll().where('product_id', '=', productId).orderBy('id').execute();

/** The orders made from offers, by their idempotency key's prefix. */
export const offerOrders = (t: TestApp, buyerIds: string[]) =>
  t.database.db
    .selectFrom('orders')
    .selectAll()
    .where('buyer_id', 'in', buyerIds)
    .where('idempotency_key', 'like', 'offer:%')
    .execute();
