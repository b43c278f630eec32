import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared';
import { notificationsOf } from '../../../test/aftersale-support.js';
import { createUser, type TestUser } from '../../../test/catalog-support.js';
import {
  checkoutOffer,
  makeOffer,
  offerOrders,
  offerRows,
  offerStep,
  productTakingOffers,
  termsRow,
} from '../../../test/offer-support.js';
import { DIALECTS, startTestApp, type TestApp } from '../../../test/support.js';

type Tap = 'together' | 'first-then-second' | 'second-then-first';

/**
 * Offers (ADR 0053): the last unit is decided by the database. Two of the seller's taps (two devices, or a
 * double tap across two offers) accept two buyers' offers on the one unit left: exactly one is
 * accepted and becomes an order; the other offer is closed, its buyer told, and the tap gets a 409.
 * On PostgreSQL "together" runs the two accepts on two connections at once.
 */
describe.each(DIALECTS)('offers racing for the last unit (%s)', (dialect) => {
  let t: TestApp;
  let seller: TestUser;
  let buyers: TestUser[];
  beforeAll(async () => {
    t = await startTestApp(dialect);
    seller = await createUser(t);
    buyers = await Promise.all([createUser(t), createUser(t)]);
  });
  afterAll(() => t.close());

  it.each<Tap>(['together', 'first-then-second', 'second-then-first'])(
    'two accepts on the last unit (%s) give one reservation and one order',
    async (tap) => {
      const product = await productTakingOffers(t, seller, { units: 1 });
      const offers = [await makeOffer(t, buyers[0]!, product, 15_000), await makeOffer(t, buyers[1]!, product, 16_000)];
      const accept = (i: number) => offerStep(t, seller, offers[i]!.id, 'accept');
      const answers =
        tap === 'together'
          ? await Promise.all([accept(0), accept(1)])
          : tap === 'first-then-second'
            ? [await accept(0), await accept(1)]
            : [await accept(1), await accept(0)].reverse();

      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const lost = answers.find((a) => a.statusCode === 409)!;
      expect(lost.json()).toMatchObject({ error: { code: 'CONFLICT', message: MSG.offerNoUnitsLeft } });
      expect(await termsRow(t, product)).toMatchObject({ units: 1, reserved: 1, sold: 0 });
      const rows = await offerRows(t, product);
      expect(rows.map((r) => r.status).sort()).toEqual(['accepted', 'sold_elsewhere']);

      const winner = rows.find((r) => r.status === 'accepted')!;
      const loser = rows.find((r) => r.status === 'sold_elsewhere')!;
      const loserNews = await notificationsOf(t, loser.buyer_id);
      expect(loserNews.filter((n) => n.kind === 'offer_sold_elsewhere' && n.subject === loser.id)).toHaveLength(1);

      const winnerUser = buyers.find((b) => b.id === winner.buyer_id)!;
      const loserUser = buyers.find((b) => b.id === loser.buyer_id)!;
      expect((await checkoutOffer(t, winnerUser, winner.id)).statusCode).toBe(201);
      expect((await checkoutOffer(t, loserUser, loser.id)).statusCode).toBe(409);
      const orders = (
        await offerOrders(
          t,
          buyers.map((b) => b.id),
        )
      ).filter((o) => [`offer:${winner.id}`, `offer:${loser.id}`].includes(o.idempotency_key));
      expect(orders).toHaveLength(1);
      expect(await termsRow(t, product)).toMatchObject({ units: 1, reserved: 0, sold: 1 });
    },
  );

  it('a buyer taking a counter as the seller accepts another offer on the last unit: one wins', async () => {
    const product = await productTakingOffers(t, seller, { units: 1 });
    const [a, b] = [await makeOffer(t, buyers[0]!, product, 15_000), await makeOffer(t, buyers[1]!, product, 16_000)];
    await offerStep(t, seller, a.id, 'counter', { amount: 18_000 });
    const [byBuyer, bySeller] = await Promise.all([
      offerStep(t, buyers[0]!, a.id, 'accept'),
      offerStep(t, seller, b.id, 'accept'),
    ]);
    expect([byBuyer.statusCode, bySeller.statusCode].sort()).toEqual([200, 409]);
    if (byBuyer.statusCode === 409)
      expect(byBuyer.json()).toMatchObject({ error: { message: MSG.offerSoldElsewhere } });
    expect(await termsRow(t, product)).toMatchObject({ reserved: 1 });
  });

  it('two checkouts of one accepted offer give one order', async () => {
    const product = await productTakingOffers(t, seller, { units: 1 });
    const offer = await makeOffer(t, buyers[0]!, product, 15_000);
    await offerStep(t, seller, offer.id, 'accept');
    const answers = await Promise.all([checkoutOffer(t, buyers[0]!, offer.id), checkoutOffer(t, buyers[0]!, offer.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(answers.map((a) => (a.json() as { id: string }).id)).size).toBe(1);
    expect(await termsRow(t, product)).toMatchObject({ reserved: 0, sold: 1 });
  });
});
