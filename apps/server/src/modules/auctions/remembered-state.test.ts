import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bidAtLeast, formatAED } from '@souq/shared';
import { AED, auctionRow, bid, bidOk, bidRows, newKey, startAuction } from '../../../test/auction-support.js';
import { createUser, type TestUser } from '../../../test/catalog-support.js';
import { DIALECTS, apiError, startSiblingApp, startTestApp, type TestApp } from '../../../test/support.js';
import { createFakeClock } from '../../lib/clock.js';

const MINUTE = 60_000;

// Each instance decides a batch on the auction as its own last batch left it (ADR 0026). Another
// instance's bids, extensions and closes must never make it accept, refuse or price a bid wrongly.
describe.each(DIALECTS)('bids decided on remembered state, with another instance bidding too (%s)', (dialect) => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof startSiblingApp>>;
  const clock = createFakeClock();
  let seller: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  beforeAll(async () => {
    a = await startTestApp(dialect, {}, { clock });
    b = await startSiblingApp(a, {}, { clock });
    [seller, alice, bob, carol] = await Promise.all([createUser(a), createUser(a), createUser(a), createUser(a)]);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('bids alternating between two instances are each priced on the latest bid, in one unbroken sequence', async () => {
    const { id } = await startAuction(a, seller);
    const bidders = [alice, bob, carol];
    for (let i = 0; i < 12; i++) {
      const through = i % 2 === 0 ? a : b;
      const result = await bidOk(through, bidders[i % 3]!, id, { amount: AED(100 + 10 * i) });
      expect(result.auction).toMatchObject({ seq: i + 1, currentBid: AED(100 + 10 * i), bidCount: i + 1 });
    }
    // High enough against what this instance last saw (AED 200), too low against the other's AED 210.
    const low = await bid(a, alice, id, { amount: AED(212) });
    expect(low.statusCode).toBe(400);
    expect((low.json() as { error: { message: string } }).error.message).toBe(bidAtLeast(formatAED(AED(215))));
    expect((await bidRows(a, id)).map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(await auctionRow(a, id)).toMatchObject({ seq: 12, current_bid: AED(210), bid_count: 12 });
  });

  it('accepts a bid after the end this instance knew, when the other instance’s bid moved it (soft close)', async () => {
    const { id } = await startAuction(a, seller, { duration: '15m' });
    const end = Date.parse((await auctionRow(a, id)).ends_at);
    clock.set(end - 3 * MINUTE);
    await bidOk(a, alice, id, { amount: AED(100) });
    clock.set(end - 30_000);
    await bidOk(b, bob, id, { amount: AED(110) });
    clock.set(end + 60_000);
    const late = await bidOk(a, carol, id, { amount: AED(120) });
    expect(late.auction).toMatchObject({
      seq: 3,
      currentBid: AED(120),
      endsAt: new Date(end + 60_000 + 2 * MINUTE).toISOString(),
    });
  });

  it('lets a leader raise their maximum after the other instance’s bid took the lead from them', async () => {
    const { id } = await startAuction(a, seller);
    await bidOk(a, alice, id, { amount: AED(100), maxAmount: AED(150) });
    await bidOk(b, bob, id, { amount: AED(200) });
    const raised = await bidOk(a, alice, id, { amount: AED(210), maxAmount: AED(300) });
    expect(raised).toMatchObject({
      leading: true,
      myMaxBid: AED(300),
      auction: { currentBid: AED(210), leader: { id: alice.id } },
    });
  });

  it('tells an outbid bidder the true minimum, not that they are still the highest bidder', async () => {
    const { id } = await startAuction(a, seller);
    await bidOk(a, alice, id, { amount: AED(100), maxAmount: AED(300) });
    await bidOk(b, bob, id, { amount: AED(400) });
    // This instance last saw alice leading with a maximum of AED 300.
    const stale = await bid(a, alice, id, { amount: AED(250) });
    expect(stale.statusCode).toBe(400);
    expect((stale.json() as { error: { message: string } }).error.message).toBe(bidAtLeast(formatAED(AED(410))));
  });

  it('refuses a bid once the other instance has closed the auction, with the exact message people see', async () => {
    const { id } = await startAuction(a, seller, { closingStyle: 'sudden', duration: '5m' });
    await bidOk(a, alice, id, { amount: AED(100) });
    clock.set(Date.parse((await auctionRow(a, id)).ends_at) + 1000);
    await b.jobs.runNow('auctions.close-due');
    expect(await auctionRow(a, id)).toMatchObject({ status: 'sold' });
    const late = await bid(a, bob, id, { amount: AED(200) });
    expect(late.json()).toEqual(apiError('CONFLICT', 'This auction has ended. Bids are no longer accepted.'));
    expect(await bidRows(a, id)).toHaveLength(1);
  });

  it('gives a retry through this instance the first answer the other instance gave', async () => {
    const { id } = await startAuction(a, seller);
    await bidOk(a, alice, id, { amount: AED(100) });
    const key = newKey();
    const first = await bid(b, bob, id, { amount: AED(150) }, key);
    expect(first.statusCode, first.body).toBe(201);
    const retry = await bid(a, bob, id, { amount: AED(150) }, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await bidRows(a, id)).toHaveLength(2);
  });

  it('refuses a bid decided on remembered state just before the end whose write would go out at the end', async () => {
    const { id } = await startAuction(a, seller, { closingStyle: 'sudden', duration: '5m' });
    await bidOk(a, alice, id, { amount: AED(100) });
    const end = Date.parse((await auctionRow(a, id)).ends_at);
    clock.set(end - 1);
    // Moving the clock wakes both closers; let them finish, so the readings below are the bid's.
    await Promise.all([a.jobs.runNow('auctions.close-due'), b.jobs.runNow('auctions.close-due')]);
    // Decided on the first reading of the clock; every later reading, the write's included, is at the end.
    const readings = vi
      .spyOn(clock, 'now')
      .mockImplementationOnce(() => new Date(end - 1))
      .mockImplementation(() => new Date(end));
    const late = await bid(a, bob, id, { amount: AED(200) });
    readings.mockRestore();
    expect(late.json()).toEqual(apiError('CONFLICT', 'This auction has ended. Bids are no longer accepted.'));
    expect(await bidRows(a, id)).toHaveLength(1);
    expect(await auctionRow(a, id)).toMatchObject({ seq: 1, current_bid: AED(100) });
  });
});
