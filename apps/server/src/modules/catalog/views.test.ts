import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, insertProduct, type TestUser } from '../../../test/catalog-support.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from '../../../test/support.js';
import { createFakeClock } from '../../lib/clock.js';

const LOGGED_OUT = apiError('UNAUTHENTICATED', 'You must be logged in to perform this action.');
const NOT_FOUND = apiError('NOT_FOUND', 'This product does not exist or has been removed.');
const NOWHERE = '00000000-0000-4000-8000-000000000000';
const DAY = 24 * 3_600_000;

/** Product page views (issue 32): one per person per product per Gulf day, and the seller's 30-day sums. */
describe.each(DIALECTS)('product views (%s)', (dialect) => {
  let t: TestApp;
  // 19:00 UTC is 23:00 in the Gulf: an hour and a half later is the next Gulf day.
  const clock = createFakeClock('2026-11-27T19:00:00.000Z');
  let seller: TestUser;
  let viewer: TestUser;
  let watch: string;
  let lamp: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
    [seller, viewer] = await Promise.all([createUser(t), createUser(t)]);
    watch = await insertProduct(t, seller.id, { title: 'Casio F-91W', price: 12345 });
    lamp = await insertProduct(t, seller.id, { title: 'Brass lamp', price: 79900 });
  });
  afterAll(() => t.close());

  const view = (id: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/products/${id}/view`, headers });
  /** Views wait in memory for a second (ADR 0044); what the tests read is what was written. */
  const written = () => t.services.catalog.views.flush();
  const counters = async (productId: string) => {
    await written();
    const rows = await t.database.db
      .selectFrom('product_view_days')
      .select(['day', 'views'])
      .where('product_id', '=', productId)
      .orderBy('day')
      .execute();
    return rows.map((r) => ({ day: r.day, views: Number(r.views) }));
  };
  const mine = async (user: TestUser = seller) => {
    const res = await call(t, 'GET', '/api/me/product-views', { user });
    expect(res.statusCode).toBe(200);
    return res.json() as { days: number; products: { productId: string; views: number }[] };
  };

  it('counts a signed-in person once per product per Gulf day, however often they look', async () => {
    for (let i = 0; i < 3; i++) expect((await view(watch, { cookie: viewer.cookie })).statusCode).toBe(204);
    expect(await counters(watch)).toEqual([{ day: '2026-11-27', views: 1 }]);
    clock.advance(1.5 * 3_600_000); // 00:30 on the 28th in Gulf time
    expect((await view(watch, { cookie: viewer.cookie })).statusCode).toBe(204);
    expect(await counters(watch)).toEqual([
      { day: '2026-11-27', views: 1 },
      { day: '2026-11-28', views: 1 },
    ]);
  });

  it('counts one view when the same person sends many beacons at once', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => view(lamp, { cookie: viewer.cookie })));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(204));
    expect(await counters(lamp)).toEqual([{ day: '2026-11-28', views: 1 }]);
    await written();
    const marks = await t.database.db.selectFrom('product_views').selectAll().where('product_id', '=', lamp).execute();
    expect(marks.map((m) => m.viewer)).toEqual([`u:${viewer.id}`]);
  });

  it('counts a signed-out visitor by the visitor cookie it sets: once a day each, a new visitor anew', async () => {
    const firstVisit = await view(lamp);
    expect(firstVisit.statusCode).toBe(204);
    const cookie = firstVisit.cookies.find((c) => c.name === 'souq_vid')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/products' });
    const again = await view(lamp, { cookie: `souq_vid=${cookie.value}` });
    expect(again.statusCode).toBe(204);
    expect(again.cookies.find((c) => c.name === 'souq_vid')).toBeUndefined();
    expect(await counters(lamp)).toEqual([{ day: '2026-11-28', views: 2 }]);
    // A forged, malformed cookie is replaced, not trusted as a key.
    const forged = await view(lamp, { cookie: 'souq_vid=%27%3B%20drop' });
    expect(forged.cookies.find((c) => c.name === 'souq_vid')).toBeDefined();
    expect(await counters(lamp)).toEqual([{ day: '2026-11-28', views: 3 }]);
    // The table keeps a hash, never the cookie itself.
    const marks = await t.database.db
      .selectFrom('product_views')
      .select('viewer')
      .where('product_id', '=', lamp)
      .execute();
    expect(marks.map((m) => m.viewer).join()).not.toContain(cookie.value);
  });

  it("does not count the seller's own visits", async () => {
    expect((await view(watch, { cookie: seller.cookie })).statusCode).toBe(204);
    expect(await counters(watch)).toEqual([
      { day: '2026-11-27', views: 1 },
      { day: '2026-11-28', views: 1 },
    ]);
  });

  it('refuses a malformed id, a product that does not exist and a hidden one with 404, counting nothing', async () => {
    const before = await t.database.db
      .selectFrom('product_views')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    for (const id of ['not-a-uuid', NOWHERE, '%00']) {
      const res = await view(id, { cookie: viewer.cookie });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    const hidden = await insertProduct(t, seller.id, { title: 'Hidden', price: 100 });
    await t.database.db
      .updateTable('products')
      .set({ hidden_at: clock.iso(), hidden_reason: 'x' })
      .where('id', '=', hidden)
      .execute();
    expect((await view(hidden, { cookie: viewer.cookie })).statusCode).toBe(404);
    await written();
    const after = await t.database.db
      .selectFrom('product_views')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('sweeps the marks of days before yesterday, keeping every day counter', async () => {
    const marksOn = async () =>
      (await t.database.db.selectFrom('product_views').select('day').distinct().orderBy('day').execute()).map(
        (r) => r.day,
      );
    expect(await marksOn()).toEqual(['2026-11-27', '2026-11-28']);
    await t.jobs.runNow('catalog.sweep-view-marks');
    expect(await marksOn()).toEqual(['2026-11-27', '2026-11-28']);
    const at = clock.now();
    clock.advance(DAY); // the 29th: the 27th's marks are not needed any more, the 28th's are kept a day
    await t.jobs.runNow('catalog.sweep-view-marks');
    expect(await marksOn()).toEqual(['2026-11-28']);
    clock.set(at);
    expect(await counters(watch)).toEqual([
      { day: '2026-11-27', views: 1 },
      { day: '2026-11-28', views: 1 },
    ]);
  });

  it("gives the seller their products' views over the last 30 Gulf days, and a visitor 401", async () => {
    const res = await call(t, 'GET', '/api/me/product-views');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(LOGGED_OUT);

    const byId = (answer: Awaited<ReturnType<typeof mine>>) =>
      Object.fromEntries(answer.products.map((p) => [p.productId, p.views]));
    expect((await mine()).days).toBe(30);
    expect(byId(await mine())).toEqual({ [watch]: 2, [lamp]: 3 });
    // Someone else's products are not in their answer.
    expect((await mine(viewer)).products).toEqual([]);
    // 29 days on, the 27th has left the window; the 28th is still the 30th day back.
    // Sessions expire over a month: sign in afresh after each jump.
    const signIn = async () => ({ ...seller, cookie: `souq_sid=${(await t.accounts.createSession(seller.id)).token}` });
    clock.advance(29 * DAY);
    expect(byId(await mine(await signIn()))).toEqual({ [watch]: 1, [lamp]: 3 });
    clock.advance(DAY);
    expect(byId(await mine(await signIn()))).toEqual({});
  });
});
