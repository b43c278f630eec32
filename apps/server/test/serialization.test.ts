import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageQuerySchema, ProductListQuerySchema, SearchQuerySchema } from '@souq/shared';
import type { UserRow } from '../src/db/schema.js';
import { call, createProduct, createUser, insertProducts, type TestUser } from './catalog-support.js';
import { DIALECTS, startTestApp, type TestApp } from './support.js';

/**
 * The hot routes write their answers with a serializer compiled from a schema, which sends only
 * the fields the schema lists and writes each as the schema's type. Here every answer must equal
 * what JSON.stringify makes of the service's own result: no field dropped, no null turned into
 * "" or 0, no text mangled.
 */
describe.each(DIALECTS)('answers serialized from their schemas (%s)', (dialect) => {
  let t: TestApp;
  let seller: TestUser;
  let fan: TestUser;
  const ids: string[] = [];

  const rowOf = (user: TestUser | null): Promise<UserRow | null> =>
    user
      ? t.database.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow()
      : Promise.resolve(null);
  /** What the route would answer if it were JSON.stringify'd. */
  const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    seller = await createUser(t);
    fan = await createUser(t);
    // Photos, an invoice, and every optional field filled in.
    ids.push(await createProduct(t, seller, { keywords: 'oud, "royal", عود' }));
    ids.push(
      ...(await insertProducts(t, seller.id, [
        // Every optional field empty, text that JSON must escape, a rating with a decimal.
        {
          title: 'Quote " backslash \\ tab \t line\u2028sep',
          description: 'Line one\nline two </script>',
          rating: 4.5,
          review_count: 2,
        },
        {
          title: 'Emoji 🐪 and Arabic سوق',
          previous_price: 99_000,
          dimensions: '1x2x3',
          country_of_origin: 'Oman',
          like_count: 7,
          popularity: 7,
        },
      ])),
    );
    await call(t, 'PUT', `/api/products/${ids[0]}/like`, { user: fan });
    await call(t, 'POST', `/api/products/${ids[0]}/reviews`, {
      user: fan,
      json: { text: 'Lovely scent, lasts all day.', rating: 5 },
    });
  });
  afterAll(() => t.close());

  it.each([
    ['someone signed out', () => null],
    ['the seller (invoice link, owner)', () => seller],
    ['a fan who liked and reviewed it', () => fan],
  ])('a product page, as seen by %s', async (_who, viewer) => {
    for (const id of ids) {
      const user = await rowOf(viewer());
      const res = await call(t, 'GET', `/api/products/${id}`, { user: viewer() });
      expect(res.statusCode).toBe(200);
      const expected = { ...(await t.catalog.detail(user, id)), reviewedByMe: await t.reviews.hasReviewed(id, user) };
      expect(res.json()).toStrictEqual(plain(expected));
    }
  });

  it("the shop, a search, a seller's products and someone's likes", async () => {
    const pages: Array<[string, unknown, TestUser?]> = [
      // Each query parsed as its route parses it, before the service sees it.
      ['/api/products?limit=2', await t.catalog.list(ProductListQuerySchema.parse({ limit: '2' }))],
      ['/api/products?sort=price-desc', await t.catalog.list(ProductListQuerySchema.parse({ sort: 'price-desc' }))],
      ['/api/search?q=a', await t.catalog.search(SearchQuerySchema.parse({ q: 'a' }))],
      ['/api/search?q=nothing-matches', await t.catalog.search(SearchQuerySchema.parse({ q: 'nothing-matches' }))],
      [`/api/users/${seller.id}/products`, await t.catalog.byOwner(seller.id, PageQuerySchema.parse({}))],
      ['/api/me/likes', await t.catalog.likedBy(fan.id, PageQuerySchema.parse({})), fan],
    ];
    for (const [url, expected, user] of pages) {
      const res = await call(t, 'GET', url, { user });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toStrictEqual(plain(expected));
    }
    // The first page of two has a next page, so its cursor is a string and not dropped.
    expect((await call(t, 'GET', '/api/products?limit=2')).json().nextCursor).toEqual(expect.any(String));
  });

  it('errors keep their own shape', async () => {
    const res = await call(t, 'GET', '/api/products/no-such-product');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
  });
});
