import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared';
import { encodeCursor } from '../src/lib/cursor.js';
import {
  VALID_PRODUCT,
  call,
  createProduct,
  createUser,
  imageParts,
  insertProduct,
  productForm,
  productRow,
  type TestUser,
} from './catalog-support.js';
import { DIALECTS, apiError, post, startTestApp, validRegistration, type TestApp } from './support.js';

const NUL = '\u0000';
const ADDRESS = { emirate: 'Dubai', area: 'Dubai Marina', street: 'Marina Gate 1', phone: '0501234567' };

/** Issue 7, items 1 and 2: what PostgreSQL refused with a 500 is now refused by the schemas, on both databases. */
describe.each(DIALECTS)('hostile text and lengths (%s)', (dialect) => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let productId: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [seller, buyer] = await Promise.all([createUser(t), createUser(t)]);
    productId = await insertProduct(t, seller.id, { title: 'Casio F-91W' });
  });
  afterAll(() => t.close());

  /** A 400 from a schema names the field with the schema's words; the database never saw the value. */
  const expectFieldError = (res: { statusCode: number; json(): unknown }, field: string, message: string) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { [field]: message } } });
  };

  describe('a NUL character', () => {
    it('in the sign-in, sign-up and reset email', async () => {
      expectFieldError(
        await post(t, '/api/auth/login', { email: `a${NUL}b@x.co`, password: 'secret123' }),
        'email',
        MSG.invalidEmailFormat,
      );
      expectFieldError(
        await post(t, '/api/auth/register', { ...validRegistration(), email: `a${NUL}b@x.co` }),
        'email',
        MSG.invalidEmail,
      );
      expectFieldError(
        await post(t, '/api/auth/password-reset', { email: `a${NUL}b@x.co` }),
        'email',
        MSG.invalidEmail,
      );
      expectFieldError(
        await post(t, '/api/auth/password-reset/confirm', {
          token: `ab${NUL}`,
          password: 'secret123',
          confirmPassword: 'secret123',
        }),
        'token',
        MSG.tokenInvalid,
      );
    });

    it.each([
      ['GET', '/api/products/%00'],
      ['GET', '/api/products/%00/reviews'],
      ['POST', '/api/products/%00/reviews'],
      ['PUT', '/api/products/%00'],
      ['DELETE', '/api/products/%00'],
      ['PUT', '/api/products/%00/like'],
      ['GET', '/api/products/%00/invoice'],
      ['GET', '/api/users/%00'],
      ['GET', '/api/users/%00/products'],
      ['PUT', '/api/users/%00/follow'],
      ['GET', `/api/products/${'x'.repeat(90)}`],
      ['GET', `/api/users/${crypto.randomUUID()}%00`],
    ] as const)('in the id of %s %s: 404', async (method, url) => {
      const res = await call(t, method, url, {
        user: buyer,
        json: method === 'GET' || method === 'DELETE' ? undefined : { text: 'Great watch' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(
        apiError(
          'NOT_FOUND',
          url.startsWith('/api/users')
            ? MSG.userNotFound
            : method === 'POST'
              ? MSG.reviewProductMissing
              : MSG.productNotFound,
        ),
      );
    });

    it('in the search text and the page cursors', async () => {
      expectFieldError(await call(t, 'GET', `/api/search?q=watch%00`), 'q', MSG.searchInvalid);
      const forged = [
        encodeCursor(`a${NUL}`, crypto.randomUUID()),
        Buffer.from(JSON.stringify(['a', `x${NUL}`])).toString('base64url'),
        '%00',
      ];
      for (const cursor of forged) {
        for (const url of [
          `/api/products?sort=title-asc&cursor=${cursor}`,
          `/api/search?q=a&cursor=${cursor}`,
          `/api/users/${seller.id}/products?cursor=${cursor}`,
          `/api/products/${productId}/reviews?cursor=${cursor}`,
        ]) {
          const res = await call(t, 'GET', url);
          expect(res.statusCode, url).toBe(400);
          expect(res.json().error.message).toBe(MSG.invalidCursor);
        }
      }
      const likes = await call(t, 'GET', `/api/me/likes?cursor=${forged[0]}`, { user: buyer });
      expect(likes.statusCode).toBe(400);
    });

    it('in a bio, a review, an address and a cart line', async () => {
      expectFieldError(
        await call(t, 'PUT', '/api/me/profile', { user: buyer, json: { username: buyer.username, bio: `hi${NUL}` } }),
        'bio',
        MSG.controlCharacters,
      );
      expectFieldError(
        await call(t, 'POST', `/api/products/${productId}/reviews`, {
          user: buyer,
          json: { text: `Great${NUL} watch`, rating: 5 },
        }),
        'text',
        MSG.controlCharacters,
      );
      const order = (overrides: object) =>
        call(t, 'POST', '/api/orders', {
          user: buyer,
          headers: { 'idempotency-key': crypto.randomUUID() },
          json: {
            lines: [{ productId, quantity: 1 }],
            address: ADDRESS,
            ...overrides,
          },
        });
      expectFieldError(await order({ address: { ...ADDRESS, area: `Marina${NUL}` } }), 'area', MSG.controlCharacters);
      expectFieldError(
        await order({ address: { ...ADDRESS, street: `Gate${NUL}1` } }),
        'street',
        MSG.controlCharacters,
      );
      expectFieldError(
        await order({ lines: [{ productId: `${NUL}`, quantity: 1 }] }),
        'productId',
        MSG.itemsUnavailable,
      );
      const badKey = await call(t, 'POST', '/api/orders', {
        user: buyer,
        headers: { 'idempotency-key': 'key\t12345678' },
        json: { lines: [{ productId, quantity: 1 }], address: ADDRESS },
      });
      expect(badKey.statusCode).toBe(400);
      expect(badKey.json().error).toMatchObject({ code: 'VALIDATION_FAILED', message: MSG.checkoutExpired });
      expect((await t.database.db.selectFrom('orders').selectAll().execute()).length).toBe(0);
    });

    it.each(['title', 'description', 'brand', 'countryOfOrigin', 'keywords'])(
      'in the product field %s (add and edit)',
      async (field) => {
        const added = await call(t, 'POST', '/api/products', {
          user: seller,
          form: productForm({ ...VALID_PRODUCT, [field]: `Seiko${NUL} diver watch` }, await imageParts(1)),
        });
        expectFieldError(added, field, MSG.controlCharacters);
        const edit = { ...VALID_PRODUCT, price: 1000, previousPrice: null, [field]: `Seiko${NUL} diver watch` };
        expectFieldError(
          await call(t, 'PUT', `/api/products/${productId}`, { user: seller, json: edit }),
          field,
          MSG.controlCharacters,
        );
      },
    );
  });

  describe('a value longer than its column once normalised', () => {
    it("stores a title of 120 × 'İ', whose lowercase sort key is cut to 200 characters", async () => {
      const id = await createProduct(t, seller, { title: 'İ'.repeat(120) });
      const row = await productRow(t, id);
      expect([...row!.title]).toHaveLength(120);
      expect([...row!.title_key]).toHaveLength(200);
    });

    it('refuses dimensions of sixty digits', async () => {
      const res = await call(t, 'POST', '/api/products', {
        user: seller,
        form: productForm({ ...VALID_PRODUCT, dimensions: `${'1'.repeat(60)}x1x1` }, await imageParts(1)),
      });
      expectFieldError(res, 'dimensions', MSG.dimensionsTooLong);
    });

    it("refuses a sign-up email of 245 × 'İ', which lowercases past 254 characters", async () => {
      const res = await post(t, '/api/auth/register', { ...validRegistration(), email: `${'İ'.repeat(245)}@x.co` });
      expectFieldError(res, 'email', MSG.invalidEmail);
    });

    it('refuses a popularity cursor beyond the integer column', async () => {
      const res = await call(
        t,
        'GET',
        `/api/products?sort=popular&cursor=${encodeCursor(2 ** 40, crypto.randomUUID())}`,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(MSG.invalidCursor);
    });

    it('stores a bounded, printable user agent', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: validRegistration(),
        headers: { 'user-agent': `Mozilla${NUL}/5.0 ${'İ'.repeat(400)}` },
      });
      expect(res.statusCode).toBe(201);
      const { user_agent } = await t.database.db
        .selectFrom('sessions')
        .select('user_agent')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      expect(user_agent).toMatch(/^Mozilla \/5\.0 İ+$/);
      expect([...user_agent!].length).toBeLessThanOrEqual(300);
    });
  });
});

/** Issue 7, item 8: only decimal numbers or decimal text are numbers. */
describe.each(DIALECTS)('loose numbers (%s)', (dialect) => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let productId: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [seller, buyer] = await Promise.all([createUser(t), createUser(t)]);
    productId = await insertProduct(t, seller.id, { title: 'Casio F-91W', price: 4200 });
  });
  afterAll(() => t.close());

  const edit = { ...VALID_PRODUCT, previousPrice: null, keywords: [] };

  it.each([true, [5], '0x10', '0b11', '1e3', ''])(
    'refuses the price %j and leaves the product as it was',
    async (price) => {
      const res = await call(t, 'PUT', `/api/products/${productId}`, { user: seller, json: { ...edit, price } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { fields: { price: MSG.pricePositive } } });
      expect((await productRow(t, productId))!.price).toBe(4200);
    },
  );

  it('still takes a price as a number or as decimal text', async () => {
    for (const price of [5000, '5100'])
      expect(
        (await call(t, 'PUT', `/api/products/${productId}`, { user: seller, json: { ...edit, price } })).statusCode,
      ).toBe(200);
    expect((await productRow(t, productId))!.price).toBe(5100);
  });

  it('refuses a review rated true and an order of quantity true', async () => {
    const review = await call(t, 'POST', `/api/products/${productId}/reviews`, {
      user: buyer,
      json: { text: 'Great watch', rating: true },
    });
    expect(review.json()).toMatchObject({ error: { fields: { rating: MSG.ratingRange } } });
    const order = await call(t, 'POST', '/api/orders', {
      user: buyer,
      headers: { 'idempotency-key': crypto.randomUUID() },
      json: { lines: [{ productId, quantity: true }], address: ADDRESS },
    });
    expect(order.json()).toMatchObject({ error: { fields: { quantity: MSG.quantityRange } } });
    expect((await t.database.db.selectFrom('reviews').selectAll().execute()).length).toBe(0);
    expect((await t.database.db.selectFrom('orders').selectAll().execute()).length).toBe(0);
  });
});

describe('the last line of defence behind the schemas', () => {
  it('answers a database data exception with a 400 and a vanished row with a 409, never a 500', async () => {
    const t = await startTestApp('sqlite', {}, {}, (app) => {
      app.get('/test/db-error/:code', async (request) => {
        throw Object.assign(new Error('from the database'), { code: (request.params as { code: string }).code });
      });
    });
    try {
      const answer = async (code: string) => {
        const res = await t.app.inject({ method: 'GET', url: `/test/db-error/${code}` });
        return [res.statusCode, res.json()];
      };
      expect(await answer('22021')).toEqual([400, apiError('VALIDATION_FAILED', MSG.inputNotStorable)]);
      expect(await answer('22001')).toEqual([400, apiError('VALIDATION_FAILED', MSG.inputNotStorable)]);
      expect(await answer('23503')).toEqual([409, apiError('CONFLICT', MSG.changedMeanwhile)]);
      expect(await answer('SQLITE_CONSTRAINT_FOREIGNKEY')).toEqual([409, apiError('CONFLICT', MSG.changedMeanwhile)]);
      expect((await answer('XX000'))[0]).toBe(500);
    } finally {
      await t.close();
    }
  });
});
