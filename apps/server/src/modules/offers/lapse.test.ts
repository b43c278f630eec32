import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared';
import { notificationsOf } from '../../../test/aftersale-support.js';
import { createUser, type TestUser } from '../../../test/catalog-support.js';
import {
  checkoutOffer,
  makeOffer,
  offerRows,
  offerStep,
  productTakingOffers,
  termsRow,
} from '../../../test/offer-support.js';
import { DIALECTS, startTestApp, type TestApp } from '../../../test/support.js';
import { createFakeClock } from '../../lib/clock.js';

const HOUR = 3_600_000;

/**
 * Offers (ADR 0053): an offer waits OFFER_HOURS for its answer (a counter starts the wait again), and an
 * accepted one holds its unit 24 hours for the checkout; then the lapse job lets it go, once.
 */
describe.each(DIALECTS)('offers lapse (%s)', (dialect) => {
  const clock = createFakeClock('2026-12-01T08:00:00.000Z');
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  beforeAll(async () => {
    // Six hours, not 48: OFFER_HOURS is the configured wait.
    t = await startTestApp(dialect, { offerMs: 6 * HOUR }, { clock });
    [seller, buyer] = await Promise.all([createUser(t), createUser(t)]);
  });
  afterAll(() => t.close());

  const lapse = () => t.jobs.runNow('offers.lapse');
  const kinds = async (user: TestUser, subject: string) =>
    (await notificationsOf(t, user.id)).filter((n) => n.subject === subject).map((n) => n.kind);

  it('lapses an unanswered offer after OFFER_HOURS, and tells both sides', async () => {
    const product = await productTakingOffers(t, seller);
    const offer = await makeOffer(t, buyer, product, 10_000);
    expect(offer.expiresAt).toBe(clock.iso(6 * HOUR));
    clock.advance(6 * HOUR - 1);
    await lapse();
    expect((await offerRows(t, product))[0]!.status).toBe('pending');
    clock.advance(1);
    await lapse();
    expect((await offerRows(t, product))[0]!.status).toBe('lapsed');
    expect(await kinds(buyer, offer.id)).toContain('offer_lapsed');
    expect((await kinds(seller, offer.id)).sort()).toEqual(['offer_lapsed', 'offer_received']);
    // Too late to accept: the seller is told it is no longer open.
    expect((await offerStep(t, seller, offer.id, 'accept')).json()).toMatchObject({
      error: { message: MSG.priceOfferNotOpen },
    });
  });

  it('refuses an answer at the deadline even before the job has run', async () => {
    const product = await productTakingOffers(t, seller);
    const offer = await makeOffer(t, buyer, product, 10_000);
    clock.advance(6 * HOUR);
    expect((await offerStep(t, seller, offer.id, 'accept')).statusCode).toBe(409);
    expect(await termsRow(t, product)).toMatchObject({ reserved: 0 });
  });

  it('a counter starts the wait again', async () => {
    const product = await productTakingOffers(t, seller);
    const offer = await makeOffer(t, buyer, product, 10_000);
    clock.advance(5 * HOUR);
    await offerStep(t, seller, offer.id, 'counter', { amount: 15_000 });
    clock.advance(5 * HOUR);
    await lapse();
    expect((await offerRows(t, product))[0]!.status).toBe('countered');
    expect((await offerStep(t, buyer, offer.id, 'accept')).statusCode).toBe(200);
  });

  it('gives the unit back when an accepted offer is not checked out in 24 hours', async () => {
    const product = await productTakingOffers(t, seller);
    const offer = await makeOffer(t, buyer, product, 10_000);
    await offerStep(t, seller, offer.id, 'accept');
    expect(await termsRow(t, product)).toMatchObject({ reserved: 1 });
    clock.advance(24 * HOUR - 1);
    await lapse();
    expect(await termsRow(t, product)).toMatchObject({ reserved: 1 });
    clock.advance(1);
    // The deadline has come: the checkout is refused even before the job lets the unit go.
    expect((await checkoutOffer(t, buyer, offer.id)).json()).toMatchObject({
      error: { code: 'CONFLICT', message: MSG.offerCheckoutLapsed },
    });
    await lapse();
    await lapse();
    expect(await termsRow(t, product)).toMatchObject({ reserved: 0, sold: 0 });
    expect((await offerRows(t, product))[0]!.status).toBe('lapsed');
    expect((await kinds(buyer, offer.id)).filter((k) => k === 'offer_lapsed')).toHaveLength(1);
    expect((await kinds(seller, offer.id)).filter((k) => k === 'offer_lapsed')).toHaveLength(1);
    // The unit is back: another offer can be accepted on it.
    const next = await makeOffer(t, buyer, product, 11_000);
    expect((await offerStep(t, seller, next.id, 'accept')).statusCode).toBe(200);
  });
});
