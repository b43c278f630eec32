import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuctionSummary, BidEntry, Page, ProductSummary, StreamCard, StreamDetail } from '@souq/shared';
import { call } from '../../test/catalog-support.js';
import { DIALECTS, startSiblingApp, startTestApp, type TestApp } from '../../test/support.js';
import { createFakeClock } from '../lib/clock.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(DIALECTS)('the demo data (%s)', (dialect) => {
  let t: TestApp;
  const clock = createFakeClock('2026-03-01T08:00:00.000Z');
  const auctions = async () => {
    const res = await call(t, 'GET', '/api/auctions?sort=ending&limit=60');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Page<AuctionSummary>).items;
  };
  beforeAll(async () => {
    t = await startTestApp(dialect, { seedDemo: true }, { clock });
  });
  afterAll(() => t.close());

  it('opens timed auctions across the categories, ending from ~2 hours to ~5 days after the first start', async () => {
    const open = await auctions();
    expect(open).toHaveLength(6);
    expect(open.every((a) => a.status === 'open')).toBe(true);
    expect(new Set(open.map((a) => a.category)).size).toBe(6);
    const endsIn = open.map((a) => Date.parse(a.endsAt) - clock.now().getTime());
    expect(new Set(endsIn).size).toBe(6);
    expect(Math.min(...endsIn)).toBe(2 * HOUR);
    expect(Math.max(...endsIn)).toBe(5 * DAY);
  });

  it('has bids from other demo users on three of them, none on the rest', async () => {
    const open = await auctions();
    const withBids = open.filter((a) => a.bidCount > 0);
    expect(withBids.map((a) => a.bidCount).sort()).toEqual([2, 3, 5]);
    for (const auction of withBids) {
      const res = await call(t, 'GET', `/api/auctions/${auction.id}/bids`);
      const bids = (res.json() as Page<BidEntry>).items;
      expect(bids).toHaveLength(auction.bidCount);
      expect(bids.some((b) => b.bidder.id === auction.seller.id)).toBe(false);
      expect(new Set(bids.map((b) => b.bidder.username)).size).toBe(2);
      expect(auction.currentBid).toBeGreaterThan(auction.startingBid);
    }
    expect(open.filter((a) => a.bidCount === 0 && a.currentBid === null)).toHaveLength(3);
  });

  it('announces an upcoming show with its run sheet and a pre-bid, and keeps an ended show with its sales and clips', async () => {
    const upcoming = (await call(t, 'GET', '/api/streams/upcoming')).json() as { items: StreamCard[] };
    expect(upcoming.items).toHaveLength(1);
    const [next] = upcoming.items;
    expect(next!.status).toBe('scheduled');
    expect(Date.parse(next!.scheduledFor!)).toBeGreaterThan(clock.now().getTime());
    const plan = (await call(t, 'GET', `/api/streams/${next!.id}`)).json() as StreamDetail;
    expect(plan.lots.map((l) => l.status)).toEqual(['waiting', 'waiting', 'waiting']);

    const list = ((await call(t, 'GET', '/api/streams')).json() as Page<StreamCard>).items;
    const ended = list.find((s) => s.status === 'ended')!;
    const show = (await call(t, 'GET', `/api/streams/${ended.id}`)).json() as StreamDetail;
    expect(show.lots.map((l) => l.status)).toEqual(['sold', 'sold', 'passed']);
    for (const sold of show.lots.filter((l) => l.status === 'sold')) {
      expect(sold.clip!.durationMs).toBeGreaterThan(5000);
      const file = await t.app.inject({ method: 'GET', url: new URL(sold.clip!.url, 'http://x').pathname });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('video/webm');
    }
    expect(show.recentMessages.filter((m) => m.kind === 'sold')).toHaveLength(2);
    expect(show.recentMessages.filter((m) => m.kind === 'passed')).toHaveLength(1);
  });

  it('keeps the shop full: the auctions are products of their own', async () => {
    const res = await call(t, 'GET', '/api/products?limit=60');
    expect((res.json() as Page<ProductSummary>).items).toHaveLength(12);
  });

  it('seeds only an empty database: a second start adds nothing', async () => {
    const again = await startSiblingApp(t, { seedDemo: true }, { clock });
    await again.app.close();
    expect(await auctions()).toHaveLength(6);
    const res = await call(t, 'GET', '/api/products?limit=60');
    expect((res.json() as Page<ProductSummary>).items).toHaveLength(12);
  });

  it('the soonest closes sold on time, to its highest demo bidder', async () => {
    const [soonest] = await auctions();
    expect(soonest!.bidCount).toBe(5);
    clock.advance(2 * HOUR);
    await t.jobs.runNow('auctions.close-due');
    const open = await auctions();
    expect(open).toHaveLength(5);
    expect(open.some((a) => a.id === soonest!.id)).toBe(false);
    const res = await call(t, 'GET', `/api/auctions/${soonest!.id}`);
    expect(res.json()).toMatchObject({ status: 'sold', leader: { username: 'omar' }, bidCount: 5 });
  });
});
