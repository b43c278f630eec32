import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELIVER, HOUR, makeStaff, moveLine, placeOrder } from '../../../test/aftersale-support.js';
import { call, createUser, insertProduct, productForm, type TestUser } from '../../../test/catalog-support.js';
import { DIALECTS, startTestApp, type TestApp } from '../../../test/support.js';
import { createFakeClock } from '../../lib/clock.js';

/**
 * The probe matrix for every write route of the module (issue 31): a visitor, an unverified
 * account, another user and a staff member who is no party all fail with a clear 4xx and change
 * nothing; only the owner of each step (or staff, for the decision) gets through. Never a 5xx.
 */
describe.each(DIALECTS)('after-sale writes under probing (%s)', (dialect) => {
  const clock = createFakeClock('2026-11-02T08:00:00.000Z');
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let other: TestUser;
  let unverified: TestUser;
  let staff: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
    [seller, buyer, other, staff] = await Promise.all([createUser(t), createUser(t), createUser(t), createUser(t)]);
    unverified = await createUser(t, { verified: false });
    await makeStaff(t, staff.id);
  });
  afterAll(() => t.close());

  const snapshot = async () => {
    const db = t.database.db;
    return JSON.stringify([
      await db.selectFrom('order_lines').selectAll().orderBy('id').execute(),
      await db.selectFrom('seller_ratings').selectAll().orderBy('id').execute(),
      await db.selectFrom('order_problems').selectAll().orderBy('id').execute(),
      await db.selectFrom('staff_actions').selectAll().orderBy('id').execute(),
    ]);
  };

  it('lets only the owner of each step through, and nobody gets a 5xx', async () => {
    const product = () => insertProduct(t, seller.id, { title: 'Dallah', price: 9_000 });
    const lateLine = (await placeOrder(t, buyer, [await product()])).lines[0]!.id;
    const delivered = (await placeOrder(t, buyer, [await product(), await product()])).lines.map((l) => l.id);
    for (const id of delivered) await moveLine(t, seller, id, DELIVER);
    clock.advance(72 * HOUR);
    const [rated, withProblem] = delivered as [string, string];
    const rating = (
      await call(t, 'POST', `/api/order-lines/${rated}/rating`, { user: buyer, json: { stars: 5 } })
    ).json();
    const problemForm = () => productForm({ kind: 'not_received', text: 'Nothing came.' }, []);
    const problem = (
      await call(t, 'POST', `/api/order-lines/${withProblem}/problem`, { user: buyer, form: problemForm() })
    ).json();
    const escalatedLine = (await placeOrder(t, buyer, [await product()])).lines[0]!.id;
    await moveLine(t, seller, escalatedLine, DELIVER);
    const disputed = (
      await call(t, 'POST', `/api/order-lines/${escalatedLine}/problem`, { user: buyer, form: problemForm() })
    ).json();
    await call(t, 'POST', `/api/problems/${disputed.id}/answer`, {
      user: seller,
      json: { kind: 'reply', text: 'Sent.' },
    });
    await call(t, 'POST', `/api/problems/${disputed.id}/escalate`, { user: buyer, json: {} });

    const routes = [
      { owner: buyer, url: `/api/order-lines/${lateLine}/cancel`, json: {} },
      { owner: seller, url: `/api/ratings/${rating.id}/reply`, json: { text: 'Thanks' } },
      { owner: seller, url: `/api/problems/${problem.id}/answer`, json: { kind: 'refund', text: 'Refunded.' } },
      { owner: staff, url: `/api/admin/disputes/${disputed.id}/decide`, json: { decision: 'seller', reason: 'Sent.' } },
    ];
    const forms = [{ owner: buyer, url: `/api/order-lines/${escalatedLine}/problem` }];
    const unrated = (await placeOrder(t, buyer, [await product()])).lines[0]!.id;
    await moveLine(t, seller, unrated, DELIVER);
    const rates = [{ owner: buyer, url: `/api/order-lines/${unrated}/rating`, json: { stars: 3 } }];
    const intruders: Array<TestUser | null> = [null, unverified, other, staff, seller, buyer];

    const before = await snapshot();
    for (const route of [...routes, ...rates]) {
      for (const who of intruders.filter((u) => u !== route.owner)) {
        const res = await call(t, 'POST', route.url, { user: who, json: route.json });
        expect(res.statusCode, `${route.url} as ${who?.username ?? 'visitor'}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    }
    for (const route of forms)
      for (const who of intruders.filter((u) => u !== route.owner)) {
        const res = await call(t, 'POST', route.url, { user: who, form: problemForm() });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    expect(await snapshot()).toBe(before);

    for (const route of [...routes, ...rates]) {
      const res = await call(t, 'POST', route.url, { user: route.owner, json: route.json });
      expect(res.statusCode, route.url).toBeLessThan(300);
    }
  });
});
