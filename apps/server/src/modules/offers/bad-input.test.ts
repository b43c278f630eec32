import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared';
import { call, createUser, type TestUser } from '../../../test/catalog-support.js';
import { makeOffer, offerStep, productTakingOffers } from '../../../test/offer-support.js';
import { DIALECTS, startTestApp, type TestApp } from '../../../test/support.js';

/** Every table the offers module writes, and the notifications and orders its steps make. */
const TABLES = ['offers', 'offer_terms', 'notifications', 'orders', 'order_lines'] as const;

/**
 * Offers (ADR 0053): bad input on every new route is a clear 4xx, and nothing is half-written. Amounts are
 * whole fils, sent as a number or as digits in any of the three sets; Arabic-Indic and Persian
 * digits are accepted.
 */
describe.each(DIALECTS)('offers refuse bad input (%s)', (dialect) => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let product: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [seller, buyer] = await Promise.all([createUser(t), createUser(t)]);
    product = await productTakingOffers(t, seller, { units: 5 }, { price: 20_000 });
  });
  afterAll(() => t.close());

  /** Every row of every table the routes touch, to compare before and after a refusal. */
  const snapshot = async () =>
    Promise.all(TABLES.map((table) => t.database.db.selectFrom(table).selectAll().execute()));

  async function refused(send: () => ReturnType<typeof call>, status: number, message: string) {
    const before = await snapshot();
    const res = await send();
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ error: { message } });
    expect(await snapshot()).toEqual(before);
  }

  const AMOUNTS: Array<[string, unknown, string]> = [
    ['a negative amount', -5_000, MSG.offerAmountPositive],
    ['zero', 0, MSG.offerAmountPositive],
    ['a fraction of a fil', 15_000.5, MSG.offerAmountWholeFils],
    ['a fraction of a fil, typed', '١٥٠٠٠٫٥', MSG.offerAmountWholeFils],
    ['text', 'lots', MSG.offerAmountWholeFils],
    ['nothing', undefined, MSG.offerAmountRequired],
    ['null', null, MSG.offerAmountWholeFils],
    ['the price itself', 20_000, MSG.offerBelowPrice],
    ['above the price', 25_000, MSG.offerBelowPrice],
    ['above the price, in Arabic-Indic digits', '٢٥٠٠٠', MSG.offerBelowPrice],
    ['far above any price', 10_000_000_000, MSG.priceTooLarge],
  ];

  it.each(AMOUNTS)('an offer of %s is 400 with its words', async (_case, amount, message) => {
    await refused(
      () => call(t, 'POST', `/api/products/${product}/offers`, { user: buyer, json: { amount } }),
      400,
      message,
    );
  });

  it.each([
    ['Arabic-Indic', '١٥٠٠٠'],
    ['Persian', '۱۵۰۰۰'],
    ['Western, as text', '15000'],
  ])('accepts an amount in %s digits', async (_set, amount) => {
    const offer = await makeOffer(t, buyer, product, amount);
    expect(offer.amount).toBe(15_000);
    await offerStep(t, buyer, offer.id, 'withdraw');
  });

  it.each(AMOUNTS.filter(([, amount]) => amount !== 20_000 && amount !== 25_000 && amount !== '٢٥٠٠٠'))(
    'a counter of %s is 400 with its words',
    async (_case, amount, message) => {
      const offer = await makeOffer(t, buyer, product, 12_000);
      await refused(() => offerStep(t, seller, offer.id, 'counter', { amount }), 400, message);
      await offerStep(t, buyer, offer.id, 'withdraw');
    },
  );

  it.each([
    ['at or below the buyer’s offer', 12_000],
    ['at the price', 20_000],
    ['above the price', 20_001],
  ])('a counter %s is 400', async (_case, amount) => {
    const offer = await makeOffer(t, buyer, product, 12_000);
    await refused(() => offerStep(t, seller, offer.id, 'counter', { amount }), 400, MSG.counterBetween);
    await offerStep(t, buyer, offer.id, 'withdraw');
  });

  it.each<[string, unknown, string]>([
    ['no allow', { floor: null }, MSG.fillAllFields],
    ['allow as text', { allow: 'yes' }, MSG.fillAllFields],
    ['a negative floor', { allow: true, floor: -1 }, MSG.offerAmountPositive],
    ['a floor in fractions of a fil', { allow: true, floor: 100.25 }, MSG.offerAmountWholeFils],
    ['a floor at the price', { allow: true, floor: 20_000 }, MSG.offerFloorBelowPrice],
    ['no units', { allow: true, units: 0 }, MSG.offerUnitsRange],
    ['negative units', { allow: true, units: -2 }, MSG.offerUnitsRange],
    ['half a unit', { allow: true, units: 1.5 }, MSG.offerUnitsRange],
    ['a thousand units', { allow: true, units: 1000 }, MSG.offerUnitsRange],
  ])('terms with %s are 400', async (_case, json, message) => {
    await refused(() => call(t, 'PUT', `/api/products/${product}/offer-terms`, { user: seller, json }), 400, message);
  });

  it('a checkout without a delivery address is 400, and the unit stays reserved', async () => {
    const offer = await makeOffer(t, buyer, product, 12_000);
    await offerStep(t, seller, offer.id, 'accept');
    await refused(() => offerStep(t, buyer, offer.id, 'checkout', {}), 400, MSG.addressRequired);
    await refused(
      () => offerStep(t, buyer, offer.id, 'checkout', { address: { emirate: 'Dubai' } }),
      400,
      MSG.fillAllFields,
    );
  });

  it('an id that is no offer is 404, and no body where one is needed is 400', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    await refused(() => offerStep(t, seller, missing, 'accept'), 404, MSG.priceOfferNotFound);
    await refused(() => offerStep(t, buyer, missing, 'checkout', { address: {} }), 400, MSG.fillAllFields);
    await refused(
      () => call(t, 'POST', `/api/products/${missing}/offers`, { user: buyer, json: { amount: 100 } }),
      404,
      MSG.productNotFound,
    );
  });
});
