import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type SellerRating } from '@souq/shared';
import { DELIVER, HOUR, moveLine, placeOrder } from '../../../test/aftersale-support.js';
import { call, createUser, insertProduct, type TestUser } from '../../../test/catalog-support.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from '../../../test/support.js';
import { createFakeClock } from '../../lib/clock.js';

const NOWHERE = '00000000-0000-4000-8000-000000000000';

describe.each(DIALECTS)('seller ratings and standing (%s)', (dialect) => {
  const clock = createFakeClock('2026-11-02T08:00:00.000Z');
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
    [seller, buyer, other] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
  });
  afterAll(() => t.close());

  const product = () => insertProduct(t, seller.id, { title: 'Kandura', price: 20_000 });
  const rate = (lineId: string, json: unknown, user: TestUser | null = buyer) =>
    call(t, 'POST', `/api/order-lines/${lineId}/rating`, { user, json });
  const reply = (id: string, text: string, user: TestUser = seller) =>
    call(t, 'POST', `/api/ratings/${id}/reply`, { user, json: { text } });
  const standing = async (id = seller.id) => (await call(t, 'GET', `/api/sellers/${id}/standing`)).json();

  it('starts with nothing to show', async () => {
    expect(await standing()).toEqual({
      sellerId: seller.id,
      average: null,
      ratings: 0,
      shipments: 0,
      onTime: 0,
      onTimePercent: null,
    });
    expect((await call(t, 'GET', `/api/sellers/${NOWHERE}/standing`)).statusCode).toBe(404);
    expect((await call(t, 'GET', `/api/sellers/${NOWHERE}/ratings`)).statusCode).toBe(404);
  });

  it('lets the buyer rate once per order and seller after delivery, and the seller reply once', async () => {
    const order = await placeOrder(t, buyer, [await product(), await product()]);
    const [first, second] = order.lines.map((l) => l.id) as [string, string];
    expect((await rate(first, { stars: 5 })).json()).toEqual(apiError('CONFLICT', MSG.ratingNotDelivered));
    await moveLine(t, seller, first, DELIVER);

    expect((await rate(first, { stars: 5 }, other)).json()).toEqual(apiError('NOT_FOUND', MSG.lineNotFound));
    expect((await rate(first, { stars: 5 }, seller)).json()).toEqual(apiError('NOT_FOUND', MSG.lineNotFound));
    expect((await rate(first, { stars: 5 }, null)).statusCode).toBe(401);
    for (const stars of [0, 6, 4.5, 'five'])
      expect((await rate(first, { stars })).json()).toMatchObject(
        apiError('VALIDATION_FAILED', MSG.ratingRange, { stars: MSG.ratingRange }),
      );
    expect((await rate(first, { stars: 4, comment: 'x'.repeat(501) })).json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: MSG.ratingCommentTooLong },
    });

    const res = await rate(first, { stars: '4', comment: '  Well packed.  ' });
    expect(res.statusCode).toBe(201);
    const rating = res.json() as SellerRating;
    expect(rating).toMatchObject({
      orderId: order.id,
      sellerId: seller.id,
      buyer: { id: buyer.id, username: buyer.username },
      stars: 4,
      comment: 'Well packed.',
      reply: null,
    });
    // The seller's part of this order is rated: another of its lines, delivered too, is the same part.
    await moveLine(t, seller, second, DELIVER);
    expect((await rate(second, { stars: 1 })).json()).toEqual(apiError('CONFLICT', MSG.alreadyRated));
    // A double tap is one rating.
    const again = await Promise.all([rate(first, { stars: 2 }), rate(first, { stars: 2 })]);
    expect(again.map((r) => r.statusCode)).toEqual([409, 409]);

    expect((await reply(rating.id, 'Thanks!', other)).json()).toEqual(apiError('NOT_FOUND', MSG.ratingNotFound));
    expect((await reply(rating.id, '   ')).json()).toMatchObject({ error: { message: MSG.replyBlank } });
    const replied = await reply(rating.id, 'Thank you for your order!');
    expect(replied.json()).toMatchObject({ reply: 'Thank you for your order!', repliedAt: clock.iso() });
    expect((await reply(rating.id, 'Again')).json()).toEqual(apiError('CONFLICT', MSG.alreadyReplied));

    const list = (await call(t, 'GET', `/api/sellers/${seller.id}/ratings`)).json();
    expect(list.items).toEqual([expect.objectContaining({ id: rating.id, reply: 'Thank you for your order!' })]);
    const mine = (await call(t, 'GET', '/api/me/aftersale', { user: buyer })).json();
    expect(mine.ratings.map((r: SellerRating) => r.id)).toEqual([rating.id]);
    expect((await call(t, 'GET', '/api/me/aftersale', { user: other })).json()).toEqual({ ratings: [], problems: [] });
  });

  it('averages the stars and counts lines shipped by their deadline over the last 12 months', async () => {
    const other2 = await createUser(t);
    const order = await placeOrder(t, other2, [await product()]);
    await moveLine(t, seller, order.lines[0]!.id, DELIVER);
    expect((await rate(order.lines[0]!.id, { stars: 1 }, other2)).statusCode).toBe(201);
    // Shipped late: delivered after the deadline.
    const late = await placeOrder(t, buyer, [await product()]);
    clock.advance(80 * HOUR);
    await moveLine(t, seller, late.lines[0]!.id, ['placed', 'confirmed', 'shipped']);
    // Not shipped and past its deadline: due, not on time. A fresh order is not due yet.
    const unshipped = await placeOrder(t, buyer, [await product()]);
    clock.advance(73 * HOUR);
    await placeOrder(t, buyer, [await product()]);
    expect(unshipped.lines[0]!.status).toBe('placed');

    // Rated 4 and 1; the first test's two lines and this test's first shipped in time (3 of 5).
    expect(await standing()).toEqual({
      sellerId: seller.id,
      average: 2.5,
      ratings: 2,
      shipments: 5,
      onTime: 3,
      onTimePercent: 60,
    });
  });
});
