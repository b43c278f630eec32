import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, feedItemSeller, type FeedPage } from '@souq/shared';
import { call, createUser, insertProducts, type TestUser } from '../../../test/catalog-support.js';
import { DIALECTS, startTestApp, type TestApp } from '../../../test/support.js';
import { createFakeClock } from '../../lib/clock.js';
import { BUILDS_QUEUED } from './kept-orders.js';

/** The feed's first pages from kept orders, built off the request path (issue 43). */
describe.each(DIALECTS)('For You kept orders (%s)', (dialect) => {
  let t: TestApp;
  let sellers: TestUser[];
  const clock = createFakeClock();
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
    sellers = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));
    for (const [s, seller] of sellers.entries())
      await insertProducts(
        t,
        seller.id,
        Array.from({ length: 6 }, (_, i) => ({
          title: `Shop ${s} item ${i}`,
          category: CATEGORIES[(s * 3 + i) % CATEGORIES.length],
          popularity: 50 + ((s * 7 + i) % 20),
        })),
      );
  });
  afterAll(() => t.close());

  const firstPage = async (user: TestUser | null) => {
    const res = await call(t, 'GET', '/api/feed', { user });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as FeedPage;
  };
  const feedSessions = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('feed_sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('first pages write nothing: one stored order serves every first page until it is built again', async () => {
    const reader = await createUser(t);
    await firstPage(null);
    await firstPage(reader);
    await t.services.feed.ordersBuilt();
    const before = await feedSessions();
    for (let i = 0; i < 5; i++) {
      await firstPage(null);
      await firstPage(reader);
    }
    expect(await feedSessions()).toBe(before);
  });

  it('"Not interested" shows in the very next first page: the order is built again at once', async () => {
    const picky = await createUser(t);
    await firstPage(picky);
    await t.services.feed.ordersBuilt();
    const [first] = (await firstPage(picky)).items;
    const res = await call(t, 'POST', '/api/feed/not-interested', {
      user: picky,
      json: { kind: first!.kind, id: first!.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const next = await firstPage(picky);
    expect(next.items.map((i) => i.id)).not.toContain(first!.id);
    // The seller moves down: out of the first page while others have items to show.
    expect(next.items.filter((i) => feedItemSeller(i) === feedItemSeller(first!))).toEqual([]);
  });

  it('a page of cards shared by its readers is read again after any write: a new price shows at once', async () => {
    const reader = await createUser(t);
    await firstPage(reader);
    await t.services.feed.ordersBuilt();
    // The same page twice in a second: the second is given the kept cards.
    await firstPage(reader);
    const [card] = (await firstPage(reader)).items.filter((i) => i.kind === 'product');
    await t.database.db.updateTable('products').set({ price: 4_321_00 }).where('id', '=', card!.id).execute();
    const again = (await firstPage(reader)).items.find((i) => i.id === card!.id);
    expect(again?.kind === 'product' && again.product.price).toBe(4_321_00);
  });

  it(`a rush of new people is answered at once from everyone's order; at most ${BUILDS_QUEUED} builds wait`, async () => {
    const rush = await Promise.all(Array.from({ length: BUILDS_QUEUED + 10 }, () => createUser(t)));
    const answers = await Promise.all(rush.map((user) => call(t, 'GET', '/api/feed', { user })));
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    for (const answer of answers) expect((answer.json() as FeedPage).items.length).toBeGreaterThan(0);
    await t.services.feed.ordersBuilt();
  });
});
