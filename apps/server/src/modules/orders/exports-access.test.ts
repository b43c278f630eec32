import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStaff, placeOrder } from '../../../test/aftersale-support.js';
import { call, createUser, insertProduct, type TestUser } from '../../../test/catalog-support.js';
import { DIALECTS, startTestApp, type TestApp } from '../../../test/support.js';

/**
 * The probe matrix for issue 32's routes: a visitor, an unverified account, another user, the
 * owner and staff. The CSVs answer 401 to a visitor and everyone else only their own lines (staff
 * included: no one reads another's file); the view beacon counts and changes nothing else; the
 * view sums are each seller's own. Never a 5xx.
 */
describe.each(DIALECTS)('exports and views under probing (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let buyer: TestUser;
  let other: TestUser;
  let unverified: TestUser;
  let staff: TestUser;
  let product: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [owner, buyer, other, staff] = await Promise.all([createUser(t), createUser(t), createUser(t), createUser(t)]);
    unverified = await createUser(t, { verified: false });
    await makeStaff(t, staff.id);
    product = await insertProduct(t, owner.id, { title: 'Secret-title dallah', price: 9_000 });
    await placeOrder(t, buyer, [product]);
  });
  afterAll(() => t.close());

  const snapshot = async () => {
    const db = t.database.db;
    return JSON.stringify([
      await db.selectFrom('orders').selectAll().orderBy('id').execute(),
      await db.selectFrom('order_lines').selectAll().orderBy('id').execute(),
      await db.selectFrom('products').selectAll().orderBy('id').execute(),
    ]);
  };

  it('gives no one another person’s lines or view counts, changes nothing but the count, and never a 5xx', async () => {
    const before = await snapshot();
    const everyone: Array<TestUser | null> = [null, unverified, other, owner, staff, buyer];
    for (const who of everyone) {
      const name = who?.username ?? 'visitor';
      for (const url of ['/api/me/orders.csv', '/api/me/sales.csv']) {
        const res = await call(t, 'GET', url, { user: who });
        if (!who) {
          expect(res.statusCode, `${url} as ${name}`).toBe(401);
          continue;
        }
        expect(res.statusCode, `${url} as ${name}`).toBe(200);
        const mine = (who === buyer && url.includes('orders')) || (who === owner && url.includes('sales'));
        expect(res.body.includes('Secret-title dallah'), `${url} as ${name}`).toBe(mine);
      }
      const beacon = await call(t, 'POST', `/api/products/${product}/view`, { user: who });
      expect(beacon.statusCode, `beacon as ${name}`).toBe(204);
      const views = await call(t, 'GET', '/api/me/product-views', { user: who });
      expect(views.statusCode, `views as ${name}`).toBe(who ? 200 : 401);
      if (who && who !== owner) expect(views.json().products).toEqual([]);
    }
    expect(await snapshot()).toBe(before);
    // Visitor, unverified, other, staff and buyer: five people; the owner's own visit is not one.
    const owned = (await call(t, 'GET', '/api/me/product-views', { user: owner })).json();
    expect(owned.products).toEqual([{ productId: product, views: 5 }]);
  });
});
