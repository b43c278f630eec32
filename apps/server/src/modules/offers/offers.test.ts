import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, vatFor, type Offer, type Order } from '@souq/shared';
import { notificationsOf } from '../../../test/aftersale-support.js';
import { call, createUser, insertProduct, type TestUser } from '../../../test/catalog-support.js';
import {
  checkoutOffer,
  makeOffer,
  offerOrders,
  offerRows,
  offerStep,
  productTakingOffers,
  termsRow,
} from '../../../test/offer-support.js';
import { readOutbox } from '../../../test/outbox.js';
import { DIALECTS, eventually, startTestApp, type TestApp } from '../../../test/support.js';
import { createFakeClock } from '../../lib/clock.js';

/** Offers (ADR 0053): an offer on a fixed-price item, from the seller's terms to the buyer's order. */
describe.each(DIALECTS)('offers (%s)', (dialect) => {
  const clock = createFakeClock('2026-12-01T08:00:00.000Z');
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
    [seller, buyer, other] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    await t.database.db.updateTable('users').set({ locale: 'ar' }).where('id', '=', buyer.id).execute();
  });
  afterAll(() => t.close());

  const news = async (user: TestUser, kind: string) =>
    (await notificationsOf(t, user.id)).filter((n) => n.kind === kind);

  it('takes an offer in Arabic-Indic digits, a counter, its acceptance and the checkout into one order', async () => {
    const product = await productTakingOffers(t, seller, { floor: 12_000 }, { title: 'Brass dallah', price: 20_000 });
    const asBuyer = await call(t, 'GET', `/api/products/${product}/offer-terms`, { user: buyer });
    expect(asBuyer.json()).toEqual({ allow: true, available: 1, mine: null });
    const asSeller = await call(t, 'GET', `/api/products/${product}/offer-terms`, { user: seller });
    expect(asSeller.json()).toEqual({
      allow: true,
      available: 1,
      mine: { floor: 12_000, units: 1, reserved: 0, sold: 0 },
    });

    const offer = await makeOffer(t, buyer, product, '١٥٠٠٠');
    expect(offer).toMatchObject({ amount: 15_000, status: 'pending', counterAmount: null, listPrice: 20_000 });
    expect(offer.expiresAt).toBe(clock.iso(48 * 3_600_000));
    expect(await news(seller, 'offer_received')).toEqual([
      expect.objectContaining({ title: 'New offer on Brass dallah: AED 150.00', link: '/offers' }),
    ]);

    const countered = await offerStep(t, seller, offer.id, 'counter', { amount: 17_500 });
    expect(countered.json()).toMatchObject({ status: 'countered', counterAmount: 17_500 });
    expect(await news(buyer, 'offer_countered')).toEqual([
      expect.objectContaining({ title: 'قدّم البائع عرض سعر مقابلًا لعرضك على Brass dallah' }),
    ]);

    const accepted = await offerStep(t, buyer, offer.id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', expiresAt: clock.iso(24 * 3_600_000) });
    expect(await termsRow(t, product)).toMatchObject({ reserved: 1, sold: 0 });
    expect(await news(seller, 'offer_accepted')).toHaveLength(1);

    const placed = await checkoutOffer(t, buyer, offer.id);
    expect(placed.statusCode).toBe(201);
    const order = placed.json() as Order;
    expect(order).toMatchObject({ status: 'placed', subtotal: 17_500, vat: vatFor(17_500) });
    expect(order.lines).toEqual([expect.objectContaining({ unitPrice: 17_500, quantity: 1, productId: product })]);
    expect(await termsRow(t, product)).toMatchObject({ reserved: 0, sold: 1 });
    expect((await offerRows(t, product))[0]).toMatchObject({ status: 'ordered', order_id: order.id });
    expect(await news(seller, 'offer_checked_out')).toHaveLength(1);

    const again = await checkoutOffer(t, buyer, offer.id);
    expect(again.statusCode).toBe(200);
    expect((again.json() as Order).id).toBe(order.id);
    expect(await offerOrders(t, [buyer.id])).toHaveLength(1);
    // Every unit is gone: the product takes no more offers until the seller adds units.
    expect((await call(t, 'GET', `/api/products/${product}/offer-terms`)).json()).toMatchObject({ available: 0 });
  });

  it('mails each step to the other side, with a link to the offers page', async () => {
    const product = await productTakingOffers(t, seller, {}, { title: 'Oud box' });
    const mailsTo = (user: TestUser) => readOutbox(t.config.dataDir).filter((m) => m.to.includes(user.email));
    const fresh = await createUser(t);
    const offer = await makeOffer(t, fresh, product, 9_000);
    await offerStep(t, seller, offer.id, 'accept');
    await eventually(() => {
      expect(mailsTo(seller).map((m) => m.subject)).toContain('New offer on Oud box: AED 90.00');
      expect(mailsTo(fresh).map((m) => m.subject)).toEqual(['Your offer on Oud box was accepted']);
      expect(mailsTo(fresh)[0]!.links).toContain('http://localhost:3000/offers');
    });
  });

  it('declines an offer under the floor at once, kindly, without disturbing the seller', async () => {
    const product = await productTakingOffers(t, seller, { floor: 15_000 });
    const before = (await notificationsOf(t, seller.id)).length;
    const offer = await makeOffer(t, other, product, 14_999);
    expect(offer).toMatchObject({ status: 'declined', declined: 'below_floor', expiresAt: null });
    expect(await notificationsOf(t, seller.id)).toHaveLength(before);
    expect(await news(other, 'offer_declined')).toEqual(
      expect.arrayContaining([expect.objectContaining({ body: MSG.offerBelowFloor })]),
    );
    // At the floor itself it is a real offer.
    expect((await makeOffer(t, other, product, 15_000)).status).toBe('pending');
  });

  it('keeps at most three offers waiting per buyer and item', async () => {
    const product = await productTakingOffers(t, seller, { units: 2 });
    for (const amount of [10_000, 11_000, 12_000]) await makeOffer(t, other, product, amount);
    const fourth = await call(t, 'POST', `/api/products/${product}/offers`, { user: other, json: { amount: 13_000 } });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({ error: { message: MSG.tooManyOpenOffers } });
    expect(await offerRows(t, product)).toHaveLength(3);
    // Withdrawing one makes room; the seller is told.
    const [first] = await offerRows(t, product);
    expect((await offerStep(t, other, first!.id, 'withdraw')).json()).toMatchObject({ status: 'withdrawn' });
    expect((await news(seller, 'offer_withdrawn')).length).toBeGreaterThan(0);
    await makeOffer(t, other, product, 13_000);
  });

  it('lets only the two sides answer, each only their own moves', async () => {
    const product = await productTakingOffers(t, seller);
    const offer = await makeOffer(t, buyer, product, 10_000);
    expect((await offerStep(t, other, offer.id, 'accept')).statusCode).toBe(404);
    expect((await offerStep(t, other, offer.id, 'decline')).statusCode).toBe(404);
    // The buyer cannot accept their own offer, nor counter it.
    expect((await offerStep(t, buyer, offer.id, 'accept')).statusCode).toBe(409);
    expect((await offerStep(t, buyer, offer.id, 'counter', { amount: 12_000 })).statusCode).toBe(404);
    expect((await offerStep(t, seller, offer.id, 'withdraw')).statusCode).toBe(404);
    // Not accepted yet: nothing to check out.
    expect((await checkoutOffer(t, buyer, offer.id)).json()).toMatchObject({
      error: { message: MSG.offerNotAccepted },
    });
    const declined = await offerStep(t, seller, offer.id, 'decline');
    expect(declined.json()).toMatchObject({ status: 'declined', declined: 'seller' });
    expect((await offerStep(t, seller, offer.id, 'accept')).json()).toMatchObject({
      error: { code: 'CONFLICT', message: MSG.priceOfferNotOpen },
    });
  });

  it('refuses offers where none are taken: own item, no terms, an auction, unverified or signed out', async () => {
    const product = await productTakingOffers(t, seller);
    const none = await insertProduct(t, seller.id, { price: 20_000 });
    const unverified = await createUser(t, { verified: false });
    const post = (id: string, user: TestUser | null) =>
      call(t, 'POST', `/api/products/${id}/offers`, { user, json: { amount: 10_000 } });
    expect((await post(product, seller)).json()).toMatchObject({ error: { message: MSG.offerOnOwnItem } });
    expect((await post(none, buyer)).json()).toMatchObject({
      error: { code: 'CONFLICT', message: MSG.offersNotTaken },
    });
    expect((await post(product, unverified)).json()).toMatchObject({ error: { code: 'EMAIL_NOT_VERIFIED' } });
    expect((await post(product, null)).statusCode).toBe(401);
    await t.database.db.updateTable('products').set({ is_auction: 1 }).where('id', '=', product).execute();
    expect((await post(product, buyer)).json()).toMatchObject({ error: { message: MSG.offerFixedPriceOnly } });
    expect(await offerRows(t, product)).toEqual([]);
  });

  it('keeps the terms the owner’s: another seller, a floor at the price, fewer units than taken', async () => {
    const product = await productTakingOffers(t, seller, { units: 2 });
    const put = (user: TestUser, json: unknown) =>
      call(t, 'PUT', `/api/products/${product}/offer-terms`, { user, json });
    expect((await put(other, { allow: false })).statusCode).toBe(403);
    expect((await put(seller, { allow: true, floor: 20_000 })).json()).toMatchObject({
      error: { message: MSG.offerFloorBelowPrice },
    });
    const offer = await makeOffer(t, buyer, product, 10_000);
    const second = await makeOffer(t, other, product, 10_000);
    await offerStep(t, seller, offer.id, 'accept');
    await offerStep(t, seller, second.id, 'accept');
    expect((await put(seller, { allow: true, units: 1 })).json()).toMatchObject({
      error: { code: 'CONFLICT', message: MSG.offerUnitsBelowTaken },
    });
    expect(await termsRow(t, product)).toMatchObject({ units: 2, reserved: 2, allow: 1 });
    // Turning offers off stops new ones; the accepted ones stand.
    expect((await put(seller, { allow: false, units: 2 })).json()).toMatchObject({ allow: false, available: 0 });
    expect((await offerRows(t, product)).map((o) => o.status)).toEqual(['accepted', 'accepted']);
  });

  it('closes the offers of an account erased under data rights, giving back the unit it held', async () => {
    const [leaving, theirBuyer] = [await createUser(t), await createUser(t)];
    const held = await productTakingOffers(t, seller);
    const waiting = await productTakingOffers(t, seller);
    const accepted = await makeOffer(t, leaving, held, 10_000);
    await offerStep(t, seller, accepted.id, 'accept');
    await makeOffer(t, leaving, waiting, 10_000);
    const theirs = await productTakingOffers(t, leaving);
    await makeOffer(t, theirBuyer, theirs, 10_000);
    const erased = await call(t, 'POST', '/api/me/delete', { user: leaving, json: { confirmation: 'secret-pass' } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await termsRow(t, held)).toMatchObject({ reserved: 0, sold: 0 });
    expect((await offerRows(t, held))[0]).toMatchObject({ status: 'lapsed' });
    expect((await offerRows(t, waiting))[0]).toMatchObject({ status: 'withdrawn' });
    expect((await offerRows(t, theirs))[0]).toMatchObject({ status: 'declined', declined: 'seller' });
    expect(await termsRow(t, theirs)).toMatchObject({ allow: 0 });
  });

  it('lists my offers as buyer and as seller', async () => {
    const res = await call(t, 'GET', '/api/me/offers', { user: seller });
    const mine = res.json() as { made: Offer[]; received: Offer[] };
    expect(mine.made).toEqual([]);
    expect(mine.received.length).toBeGreaterThan(3);
    expect(mine.received[0]).toMatchObject({ seller: { id: seller.id, username: seller.username } });
    expect((await call(t, 'GET', '/api/me/offers')).statusCode).toBe(401);
  });
});
