import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@souq/shared';
import { placeOrder } from '../../../test/aftersale-support.js';
import { call, createUser, insertProducts, type TestUser } from '../../../test/catalog-support.js';
import { auctionValues, bidValues, orderRows, showValues, type OrderSpec } from '../../../test/fixtures/dashboard.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from '../../../test/support.js';
import { createFakeClock } from '../../lib/clock.js';

const LOGGED_OUT = apiError('UNAUTHENTICATED', 'You must be logged in to perform this action.');
const NOT_FOUND = apiError('NOT_FOUND', 'Auction not found');

/** Saturday 28 November 2026, 12:00 in Gulf time. */
const NOW = '2026-11-28T08:00:00.000Z';

/** Every bucket's start, oldest first, with the figures of those that are not zero. */
function expectBuckets(
  buckets: Array<{ start: string; orders: number; revenue: number }>,
  first: string,
  last: string,
  count: number,
  nonZero: Record<string, [number, number]>,
) {
  expect(buckets).toHaveLength(count);
  expect(buckets[0]!.start).toBe(first);
  expect(buckets.at(-1)!.start).toBe(last);
  const figures = Object.fromEntries(
    buckets.filter((b) => b.orders !== 0 || b.revenue !== 0).map((b) => [b.start, [b.orders, b.revenue]]),
  );
  expect(figures).toEqual(nonZero);
}

/**
 * The seller's dashboard (issue 32, ADR 0043): each chart's figures against data whose answer is
 * worked out by hand, bucket edges at Gulf midnight, and nobody's figures but the caller's.
 */
describe.each(DIALECTS)('seller dashboard (%s)', (dialect) => {
  let t: TestApp;
  const clock = createFakeClock(NOW);
  let seller: TestUser;
  let other: TestUser;
  let host: TestUser;
  let buyer: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
    [seller, other, host, buyer] = await Promise.all([
      createUser(t, { username: 'khalid_shop' }),
      createUser(t, { username: 'lamps_r_us' }),
      createUser(t, { username: 'show_host' }),
      createUser(t, { username: 'amira' }),
    ]);
    const db = t.database.db;
    const order = async (spec: Omit<OrderSpec, 'buyerId' | 'sellerId'> & { sellerId?: string }) => {
      const rows = orderRows({ buyerId: buyer.id, sellerId: seller.id, ...spec });
      await db.insertInto('orders').values(rows.order).execute();
      await db.insertInto('order_lines').values(rows.lines).execute();
      return rows.order.id as string;
    };
    // Gulf 27 Nov 23:59:59 and 28 Nov 00:00: either side of Gulf midnight (20:00 UTC).
    await order({ createdAt: '2026-11-27T19:59:59.000Z', lines: [10000] });
    await order({ createdAt: '2026-11-27T20:00:00.000Z', lines: [20000, 5000], lineStatus: 'shipped' });
    // Monday 23 Nov 14:00 (this week) and Sunday 22 Nov 23:00 (last week).
    await order({ createdAt: '2026-11-23T10:00:00.000Z', lines: [7000], lineStatus: 'delivered' });
    await order({ createdAt: '2026-11-22T19:00:00.000Z', lines: [3000], lineStatus: 'confirmed' });
    // Cancelled, the order or the seller's part: no sale.
    await order({
      createdAt: '2026-11-26T10:00:00.000Z',
      lines: [99900],
      status: 'cancelled',
      lineStatus: 'cancelled',
    });
    await order({ createdAt: '2026-11-25T10:00:00.000Z', lines: [88800], lineStatus: 'cancelled' });
    // Gulf 30 Oct 01:00, the first of the 30 days; and 29 Oct 23:59, the day before it.
    await order({ createdAt: '2026-10-29T21:00:00.000Z', lines: [4000], status: 'awaiting_address' });
    await order({ createdAt: '2026-10-29T19:59:00.000Z', lines: [6000], lineStatus: 'delivered' });
    // Gulf 30 Nov 2025 23:59 (before the 12 months) and 1 Dec 2025 00:00 (their first day).
    await order({ createdAt: '2025-11-30T19:59:00.000Z', lines: [50000] });
    await order({ createdAt: '2025-11-30T20:00:00.000Z', lines: [1000] });
    // Another seller's sale the same day as one of ours.
    await order({ createdAt: '2026-11-28T07:00:00.000Z', lines: [12345], sellerId: other.id });

    const [p1, p2, p3, theirs] = await insertProducts(t, seller.id, [
      { title: 'Brass lamp', like_count: 5, sold_count: 2 },
      { title: 'ساعة ذهبية', like_count: 9, sold_count: 0 },
      { title: 'Oud burner', like_count: 0, sold_count: 7 },
      { title: 'Not mine' },
    ]);
    await db.updateTable('products').set({ owner_id: other.id }).where('id', '=', theirs!).execute();
    Object.assign(ids, { p1, p2, p3 });
    const views = (product: string, day: string, n: number) => ({
      product_id: product,
      day,
      views: n,
    });
    await db
      .insertInto('product_view_days')
      .values([
        views(p1!, '2026-11-28', 3),
        views(p1!, '2026-10-30', 2),
        // The day before the 30: not counted.
        views(p1!, '2026-10-29', 100),
        views(p2!, '2026-11-01', 5),
        views(theirs!, '2026-11-28', 50),
      ])
      .execute();
    // The 30-day totals as the beacon would have kept them, with the window still holding 29
    // October: the catalog's job takes that day out (at NOW the window starts on 30 October).
    await db
      .insertInto('product_view_totals')
      .values([
        { product_id: p1!, seller_id: seller.id, views: 105 },
        { product_id: p2!, seller_id: seller.id, views: 5 },
        { product_id: theirs!, seller_id: other.id, views: 50 },
      ])
      .execute();
    await db.updateTable('product_view_window').set({ first_day: '2026-10-29' }).execute();
    await t.jobs.runNow('catalog.roll-view-window');

    const auction = (spec: Omit<Parameters<typeof auctionValues>[0], 'sellerId'>, sellerId = seller.id) =>
      auctionValues({ sellerId, ...spec });
    const a1 = auction({
      status: 'sold',
      startingBid: 10000,
      currentBid: 25000,
      bidCount: 3,
      closedAt: '2026-11-20T10:00:00.000Z',
      title: 'Falcon hood',
    });
    const a2 = auction({ status: 'unsold', startingBid: 50000, closedAt: '2026-11-21T10:00:00.000Z', title: 'Carpet' });
    const a3 = auction({
      status: 'sold',
      startingBid: 2000,
      currentBid: 2000,
      bidCount: 1,
      closedAt: '2026-11-10T10:00:00.000Z',
      title: 'Coffee pot',
    });
    const open = auction({ status: 'open', startingBid: 1000 });
    const cancelled = auction({ status: 'cancelled', startingBid: 1000 });
    const theirsAuction = auction({ status: 'sold', startingBid: 1000, currentBid: 3000 }, other.id);
    await db.insertInto('auctions').values([a1, a2, a3, open, cancelled, theirsAuction]).execute();
    Object.assign(ids, { a1: a1.id, theirsAuction: theirsAuction.id });
    await db
      .insertInto('bids')
      .values(
        bidValues(a1.id as string, buyer.id, [
          { at: '2026-11-19T10:00:00.000Z', amount: 10000 },
          { at: '2026-11-19T18:30:00.000Z', amount: 15000 },
          { at: '2026-11-20T09:59:00.000Z', amount: 25000 },
        ]),
      )
      .execute();

    // The host's shows: one ended with three lots (two sold), one live, one only scheduled.
    const ended = showValues(
      { hostId: host.id, startedAt: '2026-11-25T16:00:00.000Z', peakViewers: 42, title: 'Gold night' },
      'sold',
    );
    const live = showValues({ hostId: host.id, startedAt: '2026-11-27T16:00:00.000Z', peakViewers: 7, status: 'live' });
    const later = showValues({
      hostId: host.id,
      startedAt: '2026-12-01T16:00:00.000Z',
      peakViewers: 0,
      status: 'scheduled',
    });
    const showId = ended.stream.id as string;
    await db.insertInto('auctions').values([ended.lot, live.lot, later.lot]).execute();
    await db.insertInto('streams').values([ended.stream, live.stream, later.stream]).execute();
    await db
      .insertInto('auctions')
      .values([
        auctionValues({ sellerId: host.id, status: 'unsold', startingBid: 500, streamId: showId }),
        auctionValues({ sellerId: host.id, status: 'sold', startingBid: 500, currentBid: 5000, streamId: showId }),
      ])
      .execute();
    const showOrder = (lines: number[], status?: OrderSpec['status'], sellerId = host.id) =>
      order({ createdAt: '2026-11-25T17:00:00.000Z', lines, streamId: showId, sellerId, ...(status && { status }) });
    await showOrder([15000]);
    await showOrder([5000, 2500]);
    await showOrder([9999], 'cancelled');
    // Another seller's line in the host's show is not the host's takings.
    await showOrder([777], undefined, other.id);
    Object.assign(ids, { ended: showId, live: live.stream.id, ended2: ended.lot.id });
  });
  afterAll(() => t.close());

  const get = async (url: string, user?: TestUser) => {
    const res = await call(t, 'GET', url, { user });
    return { status: res.statusCode, body: res.json() };
  };

  it('refuses a visitor with 401 on every chart', async () => {
    for (const e of Object.values(API.dashboard)) {
      const res = await get(e.path.replace(':id', ids.a1!));
      expect(res, e.path).toEqual({ status: 401, body: LOGGED_OUT });
    }
  });

  it('sums the last 30 Gulf days, zeros included, split at Gulf midnight; cancelled orders and parts are no sale', async () => {
    const res = await get('/api/me/dashboard/sales?by=day', seller);
    expect(res.status).toBe(200);
    expect(res.body.by).toBe('day');
    expectBuckets(res.body.buckets, '2026-10-30', '2026-11-28', 30, {
      '2026-10-30': [1, 4000],
      '2026-11-22': [1, 3000],
      '2026-11-23': [1, 7000],
      '2026-11-27': [1, 10000],
      // One order with two of the seller's lines: one order, both lines' revenue.
      '2026-11-28': [1, 25000],
    });
    // Days are the default.
    expect((await get('/api/me/dashboard/sales', seller)).body).toEqual(res.body);
  });

  it('sums 12 weeks from Monday to Sunday', async () => {
    const res = await get('/api/me/dashboard/sales?by=week', seller);
    expectBuckets(res.body.buckets, '2026-09-07', '2026-11-23', 12, {
      '2026-10-26': [2, 10000],
      '2026-11-16': [1, 3000],
      '2026-11-23': [3, 42000],
    });
  });

  it('sums 12 calendar months', async () => {
    const res = await get('/api/me/dashboard/sales?by=month', seller);
    expectBuckets(res.body.buckets, '2025-12-01', '2026-11-01', 12, {
      '2025-12-01': [1, 1000],
      '2026-10-01': [2, 10000],
      '2026-11-01': [4, 45000],
    });
  });

  it('answers another seller with their own sales only, and someone who sells nothing with zeros', async () => {
    const theirs = await get('/api/me/dashboard/sales?by=day', other);
    expectBuckets(theirs.body.buckets, '2026-10-30', '2026-11-28', 30, {
      '2026-11-25': [1, 777],
      '2026-11-28': [1, 12345],
    });
    const none = await get('/api/me/dashboard/sales?by=month', buyer);
    expectBuckets(none.body.buckets, '2025-12-01', '2026-11-01', 12, {});
  });

  it('refuses a range it does not know with 400, in words', async () => {
    const res = await get('/api/me/dashboard/sales?by=year', seller);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.fields).toEqual({ by: 'Choose days, weeks or months.' });
    const top = await get('/api/me/dashboard/top-products?by=price', seller);
    expect(top.body.error.fields).toEqual({ by: 'Choose views, likes or sales.' });
  });

  it("counts orders by where the seller's part stands, every status listed", async () => {
    const res = await get('/api/me/dashboard/orders-by-status', seller);
    expect(res).toEqual({
      status: 200,
      body: {
        statuses: [
          { status: 'awaiting_address', orders: 1 },
          { status: 'placed', orders: 3 },
          { status: 'confirmed', orders: 1 },
          { status: 'shipped', orders: 1 },
          { status: 'delivered', orders: 2 },
          { status: 'cancelled', orders: 2 },
        ],
      },
    });
    const none = await get('/api/me/dashboard/orders-by-status', buyer);
    expect(none.body.statuses.every((s: { orders: number }) => s.orders === 0)).toBe(true);
  });

  it('ranks the best products by views over 30 days (a beacon counts for its seller), likes and units sold', async () => {
    expect(await t.database.db.selectFrom('product_view_window').select('first_day').execute()).toEqual([
      { first_day: '2026-10-30' },
    ]);
    // A real view from the buyer today: the counter it writes is the seller's.
    expect((await call(t, 'POST', `/api/products/${ids.p2}/view`, { user: buyer })).statusCode).toBe(204);
    // Written within a second (ADR 0044); the dashboard shows what was written.
    await t.services.catalog.views.flush();
    expect((await get('/api/me/dashboard/top-products?by=views', seller)).body).toEqual({
      by: 'views',
      products: [
        { productId: ids.p2, title: 'ساعة ذهبية', value: 6 },
        { productId: ids.p1, title: 'Brass lamp', value: 5 },
      ],
    });
    expect((await get('/api/me/dashboard/top-products?by=likes', seller)).body.products).toEqual([
      { productId: ids.p2, title: 'ساعة ذهبية', value: 9 },
      { productId: ids.p1, title: 'Brass lamp', value: 5 },
    ]);
    expect((await get('/api/me/dashboard/top-products?by=sales', seller)).body.products).toEqual([
      { productId: ids.p3, title: 'Oud burner', value: 7 },
      { productId: ids.p1, title: 'Brass lamp', value: 2 },
    ]);
    expect((await get('/api/me/dashboard/top-products?by=views', buyer)).body.products).toEqual([]);
  });

  it('counts ended auctions sold and not, and lists the latest with their final bid', async () => {
    const res = await get('/api/me/dashboard/auctions', seller);
    expect(res.body).toEqual({
      ended: 3,
      sold: 2,
      recent: [
        {
          id: expect.any(String),
          title: 'Carpet',
          closedAt: '2026-11-21T10:00:00.000Z',
          sold: false,
          startingBid: 50000,
          finalBid: null,
          bids: 0,
        },
        {
          id: ids.a1,
          title: 'Falcon hood',
          closedAt: '2026-11-20T10:00:00.000Z',
          sold: true,
          startingBid: 10000,
          finalBid: 25000,
          bids: 3,
        },
        {
          id: expect.any(String),
          title: 'Coffee pot',
          closedAt: '2026-11-10T10:00:00.000Z',
          sold: true,
          startingBid: 2000,
          finalBid: 2000,
          bids: 1,
        },
      ],
    });
    // A show's lots are auctions too.
    const hosts = await get('/api/me/dashboard/auctions', host);
    expect([hosts.body.ended, hosts.body.sold]).toEqual([3, 2]);
    expect((await get('/api/me/dashboard/auctions', buyer)).body).toEqual({ ended: 0, sold: 0, recent: [] });
  });

  it("draws one auction's bids in order, and answers 404 for another's auction or none", async () => {
    const res = await get(`/api/me/dashboard/auctions/${ids.a1}/bids`, seller);
    expect(res).toEqual({
      status: 200,
      body: {
        id: ids.a1,
        title: 'Falcon hood',
        startingBid: 10000,
        bids: [
          { at: '2026-11-19T10:00:00.000Z', amount: 10000 },
          { at: '2026-11-19T18:30:00.000Z', amount: 15000 },
          { at: '2026-11-20T09:59:00.000Z', amount: 25000 },
        ],
      },
    });
    expect(await get(`/api/me/dashboard/auctions/${ids.theirsAuction}/bids`, seller)).toEqual({
      status: 404,
      body: NOT_FOUND,
    });
    expect(await get(`/api/me/dashboard/auctions/${ids.a1}/bids`, other)).toEqual({ status: 404, body: NOT_FOUND });
    expect(await get('/api/me/dashboard/auctions/00000000-0000-4000-8000-000000000000/bids', seller)).toEqual({
      status: 404,
      body: NOT_FOUND,
    });
    expect((await get('/api/me/dashboard/auctions/not-an-id/bids', seller)).status).toBe(404);
  });

  it('gives each show its peak viewers, lots sold and takings (the host’s lines, not cancelled); scheduled shows wait', async () => {
    const res = await get('/api/me/dashboard/shows', host);
    expect(res.body).toEqual({
      shows: [
        {
          id: ids.live,
          title: expect.any(String),
          startedAt: '2026-11-27T16:00:00.000Z',
          peakViewers: 7,
          lots: 1,
          lotsSold: 0,
          takings: 0,
        },
        {
          id: ids.ended,
          title: 'Gold night',
          startedAt: '2026-11-25T16:00:00.000Z',
          peakViewers: 42,
          lots: 3,
          lotsSold: 2,
          takings: 22500,
        },
      ],
    });
    expect((await get('/api/me/dashboard/shows', seller)).body).toEqual({ shows: [] });
  });

  it('counts an order placed at checkout on its Gulf day, and its cancel takes it out', async () => {
    const today = async () => (await get('/api/me/dashboard/sales?by=day', seller)).body.buckets.at(-1);
    const placed = async () =>
      (await get('/api/me/dashboard/orders-by-status', seller)).body.statuses.find(
        (s: { status: string }) => s.status === 'placed',
      ).orders;
    const [before, placedBefore] = [await today(), await placed()];
    const order = await placeOrder(t, buyer, [ids.p1!]);
    expect(await today()).toEqual({ start: '2026-11-28', orders: before.orders + 1, revenue: before.revenue + 1000 });
    expect(await placed()).toBe(placedBefore + 1);
    const line = order.lines[0]!;
    await t.database.db.updateTable('order_lines').set({ status: 'cancelled' }).where('id', '=', line.id).execute();
    expect(await today()).toEqual(before);
  });

  it("keeps a live show's highest viewer count, and leaves an ended show's alone", async () => {
    const peak = async (id: string) =>
      (await t.database.db.selectFrom('streams').select('peak_viewers').where('id', '=', id).executeTakeFirstOrThrow())
        .peak_viewers;
    await t.streams.notePeakViewers(ids.live!, 12);
    await t.streams.notePeakViewers(ids.live!, 3);
    expect(await peak(ids.live!)).toBe(12);
    await t.streams.notePeakViewers(ids.ended!, 100);
    expect(await peak(ids.ended!)).toBe(42);
    await t.database.db.updateTable('streams').set({ peak_viewers: 7 }).where('id', '=', ids.live!).execute();
  });
});
