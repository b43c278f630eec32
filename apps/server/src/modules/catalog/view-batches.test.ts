import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createUser, insertProduct, type TestUser } from '../../../test/catalog-support.js';
import { createTestDatabase, DIALECTS, testConfig, type TestApp, type TestDatabase } from '../../../test/support.js';
import { createFakeClock } from '../../lib/clock.js';
import type { Config } from '../../config.js';
import { VIEW_FLUSH_AT, VIEW_FLUSH_MS } from './view-buffer.js';

/** Views gathered in memory and written in batches (issue 43, ADR 0044). */
describe.each(DIALECTS)('product views in batches (%s)', (dialect) => {
  let database: TestDatabase;
  let config: Config;
  const clock = createFakeClock('2026-11-29T08:00:00.000Z');
  let t: TestApp;
  let seller: TestUser;
  let product: string;
  let viewers: TestUser[];

  const start = async () => {
    const souq = await buildApp(config, { clock });
    await souq.app.ready();
    return { ...souq, config, close: () => souq.app.close() } as TestApp;
  };
  const view = (who: TestUser) =>
    t.app.inject({ method: 'POST', url: `/api/products/${product}/view`, headers: { cookie: who.cookie } });
  const stored = async () => {
    const day = await t.database.db
      .selectFrom('product_view_days')
      .select('views')
      .where('product_id', '=', product)
      .execute();
    const total = await t.database.db
      .selectFrom('product_view_totals')
      .select('views')
      .where('product_id', '=', product)
      .execute();
    const marks = await t.database.db
      .selectFrom('product_views')
      .select('viewer')
      .where('product_id', '=', product)
      .execute();
    return { day: day.map((r) => Number(r.views)), total: total.map((r) => Number(r.views)), marks: marks.length };
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    config = testConfig(database.config);
    t = await start();
    seller = await createUser(t);
    viewers = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));
    product = await insertProduct(t, seller.id, { title: 'Dallah', price: 25_000 });
  });
  afterAll(async () => {
    await t.app.close();
    await database.drop();
  });

  it('a view costs no write when it is asked for: the second after, all of them in one batch', async () => {
    for (const who of viewers) expect((await view(who)).statusCode).toBe(204);
    expect((await view(viewers[0]!)).statusCode).toBe(204);
    expect(await stored()).toEqual({ day: [], total: [], marks: 0 });
    clock.advance(VIEW_FLUSH_MS);
    await t.services.catalog.views.flush();
    // Five people, the first of them twice: five views.
    expect(await stored()).toEqual({ day: [5], total: [5], marks: 5 });
    // Counted already: a later batch with the same people adds nothing.
    for (const who of viewers.slice(0, 2)) await view(who);
    await t.services.catalog.views.flush();
    expect(await stored()).toEqual({ day: [5], total: [5], marks: 5 });
  });

  it(`writes at once when ${VIEW_FLUSH_AT} wait, without waiting for the second`, async () => {
    const other = await insertProduct(t, seller.id, { title: 'Lantern', price: 9_000 });
    const visitors = Array.from(
      { length: VIEW_FLUSH_AT },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    await Promise.all(
      visitors.map((vid) =>
        t.app.inject({ method: 'POST', url: `/api/products/${other}/view`, headers: { cookie: `souq_vid=${vid}` } }),
      ),
    );
    await expect
      .poll(async () => {
        const row = await t.database.db
          .selectFrom('product_view_totals')
          .select('views')
          .where('product_id', '=', other)
          .executeTakeFirst();
        return Number(row?.views ?? 0);
      })
      .toBe(VIEW_FLUSH_AT);
  });

  it('loses none in a clean shutdown: what waited in memory is written before the database closes', async () => {
    const fresh = await Promise.all(Array.from({ length: 3 }, () => createUser(t)));
    for (const who of fresh) expect((await view(who)).statusCode).toBe(204);
    await t.app.close();
    t = await start();
    expect(await stored()).toEqual({ day: [8], total: [8], marks: 8 });
  });
});
