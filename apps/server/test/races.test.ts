import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared';
import { call, countOf, createUser, insertProduct, type TestUser } from './catalog-support.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from './support.js';

const ADDRESS = { emirate: 'Dubai', area: 'Dubai Marina', street: 'Marina Gate 1', phone: '0501234567' };

/**
 * Issue 7, item 3: a buyer acts on a product while its seller deletes it. The delete is held open
 * in a transaction of its own while the request runs into it, then committed: the request must
 * then see the product gone (PostgreSQL used to fail the foreign key with a 500).
 */
describe.each(DIALECTS)('racing a deleted product (%s)', (dialect) => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [seller, buyer] = await Promise.all([createUser(t), createUser(t)]);
  });
  afterAll(() => t.close());

  /** Runs `request` while a transaction that deletes `productId` is open, commits the delete, and returns the answer. */
  async function whileDeleting<T>(productId: string, request: () => Promise<T>): Promise<T> {
    let commit!: () => void;
    const gate = new Promise<void>((resolve) => (commit = resolve));
    let deleted!: () => void;
    const deleting = new Promise<void>((resolve) => (deleted = resolve));
    const transaction = t.database.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('products').where('id', '=', productId).execute();
      deleted();
      await gate;
    });
    await deleting;
    const answer = request();
    // Long enough for the request to reach the product row; it must then wait for the delete.
    await new Promise((resolve) => setTimeout(resolve, 300));
    commit();
    await transaction;
    return answer;
  }

  it('likes: 404, and no like is left pointing at nothing', async () => {
    const productId = await insertProduct(t, seller.id);
    const res = await whileDeleting(productId, () =>
      call(t, 'PUT', `/api/products/${productId}/like`, { user: buyer }),
    );
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual(apiError('NOT_FOUND', MSG.productNotFound));
    expect(
      await t.database.db.selectFrom('product_likes').selectAll().where('product_id', '=', productId).execute(),
    ).toEqual([]);
  });

  it('orders: 409, and no order is written', async () => {
    const productId = await insertProduct(t, seller.id, { price: 2500 });
    const before = await countOf(t, 'orders');
    const res = await whileDeleting(productId, () =>
      call(t, 'POST', '/api/orders', {
        user: buyer,
        headers: { 'idempotency-key': crypto.randomUUID() },
        json: { lines: [{ productId, quantity: 1 }], address: ADDRESS },
      }),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: 'CONFLICT', message: MSG.itemsUnavailable } });
    expect(await countOf(t, 'orders')).toBe(before);
  });

  it('reviews: 404 with the exact words, and no review is written', async () => {
    const productId = await insertProduct(t, seller.id);
    const res = await whileDeleting(productId, () =>
      call(t, 'POST', `/api/products/${productId}/reviews`, { user: buyer, json: { text: 'Lovely', rating: 4 } }),
    );
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toEqual(apiError('NOT_FOUND', MSG.reviewProductMissing));
    expect(await t.database.db.selectFrom('reviews').selectAll().where('product_id', '=', productId).execute()).toEqual(
      [],
    );
  });

  it('a delete that comes second waits for the order, which keeps its line', async () => {
    const productId = await insertProduct(t, seller.id, { price: 2500 });
    const ordered = await call(t, 'POST', '/api/orders', {
      user: buyer,
      headers: { 'idempotency-key': crypto.randomUUID() },
      json: { lines: [{ productId, quantity: 2 }], address: ADDRESS },
    });
    expect(ordered.statusCode).toBe(201);
    expect((await call(t, 'DELETE', `/api/products/${productId}`, { user: seller })).statusCode).toBe(200);
    const [line] = (await call(t, 'GET', '/api/orders', { user: buyer })).json()[0].lines;
    expect(line).toMatchObject({ productId: '', quantity: 2, lineTotal: 5000 });
  });
});
