import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Page, type SellerRating } from '@souq/shared';
import { ADDRESS } from '../../../test/aftersale-support.js';
import { call, createUser, type TestUser } from '../../../test/catalog-support.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from '../../../test/support.js';
import { createFakeClock } from '../../lib/clock.js';

const MINUTE = 60_000;
/** Later than every rating the test writes first. */
const HOUR_AHEAD = 60 * MINUTE;

describe.each(DIALECTS)("a seller's ratings, page by page (%s)", (dialect) => {
  const clock = createFakeClock('2026-11-02T08:00:00.000Z');
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
    [seller, buyer] = await Promise.all([createUser(t), createUser(t)]);
  });
  afterAll(() => t.close());

  /** A rating written straight to the table (its order too): the paging is under test, not the rating rules. */
  const insertRating = async (createdAt: string, stars = 5) => {
    const orderId = crypto.randomUUID();
    const id = crypto.randomUUID();
    await t.database.db
      .insertInto('orders')
      .values({
        id: orderId,
        buyer_id: buyer.id,
        idempotency_key: `k-${orderId}`,
        status: 'placed',
        payment_method: 'cod',
        subtotal: 10_000,
        vat: 500,
        total: 10_500,
        ...ADDRESS,
        created_at: createdAt,
        auction_id: null,
        request_hash: null,
      })
      .execute();
    await t.database.db
      .insertInto('seller_ratings')
      .values({
        id,
        order_id: orderId,
        seller_id: seller.id,
        buyer_id: buyer.id,
        stars,
        comment: null,
        reply: null,
        replied_at: null,
        created_at: createdAt,
      })
      .execute();
    return { id, createdAt };
  };
  const page = async (cursor?: string) => {
    const res = await call(
      t,
      'GET',
      `/api/sellers/${seller.id}/ratings${cursor === undefined ? '' : `?cursor=${cursor}`}`,
    );
    expect(res.statusCode).toBe(200);
    return res.json() as Page<SellerRating>;
  };

  it('pages 20 at a time, newest first, with ties broken by id and nothing repeated or skipped', async () => {
    const first = await page();
    expect(first).toEqual({ items: [], nextCursor: null });

    // 45 ratings, three to a minute, so many share a timestamp.
    const made: { id: string; createdAt: string }[] = [];
    for (let i = 0; i < 45; i++) made.push(await insertRating(clock.iso(Math.floor(i / 3) * MINUTE)));
    const expected = made
      .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1))
      .map((r) => r.id);

    const one = await page('');
    expect(one.items).toHaveLength(20);
    expect(one.nextCursor).toEqual(expect.any(String));
    // A rating given while the buyer reads the first page does not shift the next ones.
    await insertRating(clock.iso(HOUR_AHEAD));
    const two = await page(one.nextCursor!);
    expect(two.items).toHaveLength(20);
    const three = await page(two.nextCursor!);
    expect(three.items).toHaveLength(5);
    expect(three.nextCursor).toBeNull();
    expect([...one.items, ...two.items, ...three.items].map((r) => r.id)).toEqual(expected);
    expect(three.items[0]).toMatchObject({ sellerId: seller.id, buyer: { id: buyer.id }, stars: 5 });
  });

  it('refuses a cursor it did not issue with a clear 400, and an unknown seller with a 404', async () => {
    for (const cursor of ['not-a-cursor', Buffer.from('["x","../../etc"]').toString('base64url'), 'x'.repeat(501)]) {
      const res = await call(t, 'GET', `/api/sellers/${seller.id}/ratings?cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject(apiError('VALIDATION_FAILED', MSG.invalidCursor));
    }
    const nowhere = await call(t, 'GET', `/api/sellers/00000000-0000-4000-8000-000000000000/ratings`);
    expect(nowhere.json()).toEqual(apiError('NOT_FOUND', MSG.userNotFound));
  });
});
