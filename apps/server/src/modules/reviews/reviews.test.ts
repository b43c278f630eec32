import { createFakeClock } from '../../lib/clock.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Review } from '@souq/shared';
import {
  call,
  createCrowd,
  createUser,
  insertProduct,
  productRow,
  type TestUser,
} from '../../../test/catalog-support.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from '../../../test/support.js';

const BLANK = 'Please write something in your review.';
const LENGTH = 'Review must be between 3 and 500 characters.';
const RATING = 'Rating must be a whole number from 1 to 5.';
const DUPLICATE = apiError('CONFLICT', 'You have already reviewed this product.');
const MISSING_PRODUCT = apiError('NOT_FOUND', 'Product information is missing. Please refresh the page.');

describe.each(DIALECTS)('reviews (%s)', (dialect) => {
  let t: TestApp;
  // The server is the clock; each review is written a minute after the one before.
  const clock = createFakeClock();
  let seller: TestUser;
  let reviewer: TestUser;
  let unverified: TestUser;
  let crowd: TestUser[];
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
    [seller, reviewer, unverified] = await Promise.all([
      createUser(t),
      createUser(t),
      createUser(t, { verified: false }),
    ]);
    crowd = await createCrowd(t, 24);
  });
  afterAll(() => t.close());

  const submit = (id: string, body: unknown, user?: TestUser) => {
    clock.advance(60_000);
    return call(t, 'POST', `/api/products/${id}/reviews`, { user, json: body });
  };
  const reviewRows = (id: string) =>
    t.database.db.selectFrom('reviews').selectAll().where('product_id', '=', id).execute();
  const counters = async (id: string) => {
    const row = (await productRow(t, id))!;
    return {
      rating: row.rating,
      reviewCount: row.review_count,
      popularity: row.popularity,
      rows: (await reviewRows(id)).length,
    };
  };

  describe('POST /api/products/:id/reviews', () => {
    let product: string;
    beforeAll(async () => {
      product = await insertProduct(t, seller.id);
    });

    it('refuses the seller reviewing their own product', async () => {
      const res = await submit(product, { text: 'Best watch ever sold', rating: 5 }, seller);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual(apiError('FORBIDDEN', 'You cannot review your own product.'));
      expect(await counters(product)).toEqual({ rating: 0, reviewCount: 0, popularity: 0, rows: 0 });
    });

    it.each([
      ['an empty text', { text: '', rating: 4 }, BLANK, { text: BLANK }],
      ['a text of spaces', { text: '   \n\t ', rating: 4 }, BLANK, { text: BLANK }],
      ['no text at all', { rating: 4 }, BLANK, { text: BLANK }],
      ['two characters', { text: 'ok', rating: 4 }, LENGTH, { text: LENGTH }],
      ['two characters once trimmed', { text: '  ok  ', rating: 4 }, LENGTH, { text: LENGTH }],
      ['501 characters', { text: 'a'.repeat(501), rating: 4 }, LENGTH, { text: LENGTH }],
      ['a rating of 0', { text: 'Fine watch', rating: 0 }, RATING, { rating: RATING }],
      ['a rating of 6', { text: 'Fine watch', rating: 6 }, RATING, { rating: RATING }],
      ['a rating of 2.5', { text: 'Fine watch', rating: 2.5 }, RATING, { rating: RATING }],
      ['a rating of -1', { text: 'Fine watch', rating: -1 }, RATING, { rating: RATING }],
      ['a rating of "five"', { text: 'Fine watch', rating: 'five' }, RATING, { rating: RATING }],
      ['a blank text and a bad rating', { text: ' ', rating: 9 }, BLANK, { text: BLANK, rating: RATING }],
    ])('refuses %s with the exact message and writes nothing', async (_case, body, message, fields) => {
      const res = await submit(product, body, reviewer);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(apiError('VALIDATION_FAILED', message, fields));
      expect(await counters(product)).toEqual({ rating: 0, reviewCount: 0, popularity: 0, rows: 0 });
    });

    it('needs a signed-in (401) and verified (403) user, with the exact messages, and writes nothing', async () => {
      const anonymous = await submit(product, { text: 'Great value', rating: 5 });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual(apiError('UNAUTHENTICATED', 'You must be logged in to leave a review.'));
      const notVerified = await submit(product, { text: 'Great value', rating: 5 }, unverified);
      expect(notVerified.statusCode).toBe(403);
      expect(notVerified.json()).toEqual(
        apiError('EMAIL_NOT_VERIFIED', 'Email verification required to submit reviews.'),
      );
      expect(await counters(product)).toEqual({ rating: 0, reviewCount: 0, popularity: 0, rows: 0 });
    });

    it('answers 404 with the exact message when the product does not exist', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'x'.repeat(80)]) {
        const res = await submit(id, { text: 'Where did it go?', rating: 3 }, reviewer);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(MISSING_PRODUCT);
      }
      const rows = await t.database.db.selectFrom('reviews').select('id').where('user_id', '=', reviewer.id).execute();
      expect(rows).toEqual([]);
    });

    it('stores the trimmed text with rating 5 by default, updates the product, then refuses a second review with 409', async () => {
      const res = await submit(product, { text: '  Exactly as described.  ' }, reviewer);
      expect(res.statusCode).toBe(201);
      const { id } = res.json() as { id: string };
      expect(await reviewRows(product)).toEqual([
        {
          id,
          product_id: product,
          user_id: reviewer.id,
          text: 'Exactly as described.',
          rating: 5,
          created_at: clock.iso(),
        },
      ]);
      expect(await counters(product)).toEqual({ rating: 5, reviewCount: 1, popularity: 3, rows: 1 });

      const again = await submit(product, { text: 'Changed my mind, it is bad.', rating: 1 }, reviewer);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(DUPLICATE);
      expect(await counters(product)).toEqual({ rating: 5, reviewCount: 1, popularity: 3, rows: 1 });

      const mine = (await call(t, 'GET', `/api/products/${product}`, { user: reviewer })).json();
      expect(mine).toMatchObject({ rating: 5, reviewCount: 1, reviewedByMe: true });
      const theirs = (await call(t, 'GET', `/api/products/${product}`, { user: seller })).json();
      expect(theirs).toMatchObject({ rating: 5, reviewCount: 1, reviewedByMe: false });
      expect((await call(t, 'GET', `/api/products/${product}`)).json()).toMatchObject({ reviewedByMe: false });
    });

    it('accepts exactly 3 and exactly 500 characters, a blank rating as 5, and a rating sent as text', async () => {
      const id = await insertProduct(t, seller.id);
      const cases: Array<[unknown, number]> = [
        [{ text: 'Meh', rating: 3 }, 3],
        [{ text: 'b'.repeat(500), rating: '' }, 5],
        [{ text: 'Four stars from me', rating: '4' }, 4],
      ];
      for (const [i, [body, rating]] of cases.entries()) {
        const res = await submit(id, body, crowd[i]);
        expect(res.statusCode, res.body).toBe(201);
        const row = await t.database.db
          .selectFrom('reviews')
          .select('rating')
          .where('id', '=', (res.json() as { id: string }).id)
          .executeTakeFirstOrThrow();
        expect(row.rating).toBe(rating);
      }
      expect(await counters(id)).toEqual({ rating: 4, reviewCount: 3, popularity: 9, rows: 3 });
    });

    it('lets exactly one of 10 simultaneous reviews by the same user through; the rest get 409, never 500', async () => {
      const id = await insertProduct(t, seller.id);
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          submit(id, { text: `Attempt number ${i}`, rating: 1 + (i % 5) }, reviewer),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, ...Array(9).fill(409)]);
      for (const r of results.filter((r) => r.statusCode === 409)) expect(r.json()).toEqual(DUPLICATE);
      const rows = await reviewRows(id);
      expect(rows).toHaveLength(1);
      expect(await counters(id)).toEqual({ rating: rows[0]!.rating, reviewCount: 1, popularity: 3, rows: 1 });
    });

    it.each([
      [[5, 4, 4, 3, 5, 2], 3.8],
      [[5, 4, 3, 1], 3.3],
      [[4, 4, 5], 4.3],
      [[1, 2], 1.5],
      [[5, 5, 5, 5, 5, 4], 4.8],
    ])(
      'averages simultaneous reviews %j by different users to %d, one decimal, with every review counted',
      async (ratings, average) => {
        const id = await insertProduct(t, seller.id);
        const results = await Promise.all(
          ratings.map((rating, i) => submit(id, { text: `Rated it ${rating} stars`, rating }, crowd[i])),
        );
        expect(results.map((r) => r.statusCode)).toEqual(ratings.map(() => 201));
        expect(await counters(id)).toEqual({
          rating: average,
          reviewCount: ratings.length,
          popularity: 3 * ratings.length,
          rows: ratings.length,
        });
        const view = (await call(t, 'GET', `/api/products/${id}`)).json();
        expect(view).toMatchObject({ rating: average, reviewCount: ratings.length });
      },
    );
  });

  describe('GET /api/products/:id/reviews', () => {
    it('lists reviews newest first, 20 to a page, with each reviewer', async () => {
      const id = await insertProduct(t, seller.id);
      const written: string[] = [];
      for (const [i, user] of crowd.entries()) {
        const res = await submit(id, { text: `Review number ${i}`, rating: 1 + (i % 5) }, user);
        expect(res.statusCode).toBe(201);
        written.push((res.json() as { id: string }).id);
      }
      const first = await call(t, 'GET', `/api/products/${id}/reviews`);
      expect(first.statusCode).toBe(200);
      const page1 = first.json() as { items: Review[]; nextCursor: string | null };
      expect(page1.items).toHaveLength(20);
      expect(page1.nextCursor).toEqual(expect.any(String));
      const last = crowd.length - 1;
      expect(page1.items[0]).toEqual({
        id: written[last],
        text: `Review number ${last}`,
        rating: 1 + (last % 5),
        createdAt: expect.any(String),
        user: { id: crowd[last]!.id, username: crowd[last]!.username, profilePic: '/images/default-avatar.svg' },
      });
      const page2 = (await call(t, 'GET', `/api/products/${id}/reviews?cursor=${page1.nextCursor}`)).json() as {
        items: Review[];
        nextCursor: string | null;
      };
      expect(page2.nextCursor).toBeNull();
      expect([...page1.items, ...page2.items].map((r) => r.id)).toEqual([...written].reverse());
      const times = [...page1.items, ...page2.items].map((r) => r.createdAt);
      expect(times).toEqual([...times].sort().reverse());
    });

    it('lists nothing for a product without reviews, and refuses a bad cursor', async () => {
      const id = await insertProduct(t, seller.id);
      expect((await call(t, 'GET', `/api/products/${id}/reviews`)).json()).toEqual({ items: [], nextCursor: null });
      const bad = await call(t, 'GET', `/api/products/${id}/reviews?cursor=nonsense`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual(apiError('VALIDATION_FAILED', 'This page of results has expired. Please reload.'));
    });
  });
});
