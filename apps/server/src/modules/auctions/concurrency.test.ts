import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared';
import { AED, auctionRow, bidOk, bidRows, setEnd, startAuction } from '../../../test/auction-support.js';
import { createCrowd, createUser, type TestUser } from '../../../test/catalog-support.js';
import { DIALECTS, exited, spawnTsx, startTestApp, type TestApp } from '../../../test/support.js';

const ROUNDS = Number(process.env.ROUNDS ?? 20);
const BIDS = 1000;
const BIDDERS = 50;

/** Shuffles within windows of `w`: requests leave roughly in amount order, but not exactly, so some lose the race. */
function jitter<T>(items: T[], w: number): T[] {
  const out = [...items];
  for (let i = 0; i < out.length; i += w) {
    const window = out.slice(i, i + w).sort(() => Math.random() - 0.5);
    out.splice(i, window.length, ...window);
  }
  return out;
}

describe.each(DIALECTS)('bids under contention (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  let seller: TestUser;
  let crowd: TestUser[];
  beforeAll(async () => {
    t = await startTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    seller = await createUser(t);
    crowd = await createCrowd(t, BIDDERS);
  });
  afterAll(() => t.close());

  it(`${BIDS} bids from ${BIDDERS} people at once over HTTP, ${ROUNDS} rounds: every acknowledged bid stored, prices rising in sequence, none after the end`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { id } = await startAuction(t, seller, { startingBid: AED(100), closingStyle: 'sudden' });
      // The last rounds end while their bids are in flight.
      const endsAt = round >= ROUNDS - 3 ? new Date(Date.now() + 15 + round) : new Date(Date.now() + 3600_000);
      await setEnd(t, id, endsAt);
      const requests = jitter(
        Array.from({ length: BIDS }, (_, i) => ({ bidder: crowd[i % BIDDERS]!, amount: AED(100 + 600 * i) })),
        8,
      );
      const answers = await Promise.all(
        requests.map(async (r) => {
          const res = await fetch(`${base}/api/auctions/${id}/bids`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: r.bidder.cookie },
            body: JSON.stringify({ amount: r.amount }),
          });
          return { ...r, status: res.status, body: await res.text() };
        }),
      );
      for (const a of answers) expect([201, 400, 409], a.body).toContain(a.status);

      const rows = await bidRows(t, id);
      const accepted = answers.filter((a) => a.status === 201);
      // A leader whose next bid arrives while they still lead raises their maximum instead (no row
      // at that amount); a lower rival's bid may then meet their automatic answer.
      const raised = accepted.filter((a) => (JSON.parse(a.body) as { message: string }).message === MSG.maxRaised);
      const placed = accepted.filter((a) => !raised.includes(a));
      // Every acknowledged bid is stored, and nothing else is.
      expect(
        rows
          .filter((r) => r.auto === 0)
          .map((r) => `${r.bidder_id}:${r.amount}`)
          .sort(),
      ).toEqual(placed.map((a) => `${a.bidder.id}:${a.amount}`).sort());
      const raisers = new Set(raised.map((a) => a.bidder.id));
      for (const r of rows.filter((r) => r.auto === 1))
        expect(raisers.has(r.bidder_id), `automatic bid for ${r.bidder_id}, who raised no maximum`).toBe(true);
      expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
      for (let i = 1; i < rows.length; i++) expect(rows[i]!.amount).toBeGreaterThan(rows[i - 1]!.amount);
      const auction = await auctionRow(t, id);
      expect(auction.current_bid).toBe(rows.length ? Math.max(...rows.map((r) => r.amount)) : null);
      expect(auction.bid_count).toBe(rows.length);
      // The closer may already have closed a round that ended, which takes one more number.
      expect(auction.seq).toBe(rows.length + (auction.status === 'open' ? 0 : 1));
      for (const r of rows) expect(r.created_at < endsAt.toISOString()).toBe(true);
      if (round < ROUNDS - 3) expect(accepted.length).toBeGreaterThan(0);
    }
  }, 300_000);

  it('closers racing in three processes, then a restart after the end: each auction closes once, with one order', async () => {
    // This process closes nothing on its own from here on: only the closers below do.
    await t.jobs.stop();
    const winner = await createUser(t);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const { id } = await startAuction(t, seller);
      await bidOk(t, winner, id, { amount: AED(100) });
      await setEnd(t, id, new Date(Date.now() - 1000));
      ids.push(id);
    }
    const config = JSON.stringify(t.config);
    const at = Date.now() + 2500;
    const others = [1, 2].map(() =>
      exited(spawnTsx('apps/server/test/fixtures/run-closer.ts', [config, 'race', String(at)])),
    );
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now())));
    await Promise.all([t.auctions.closeDue(), t.auctions.closeDue()]);
    for (const run of await Promise.all(others)) expect(run, run.stderr).toMatchObject({ code: 0 });
    for (const id of ids)
      expect(await auctionRow(t, id)).toMatchObject({ status: 'sold', winner_id: winner.id, seq: 2 });
    const orders = await t.database.db
      .selectFrom('orders')
      .select(['auction_id'])
      .where('buyer_id', '=', winner.id)
      .execute();
    expect(orders.map((o) => o.auction_id).sort()).toEqual([...ids].sort());
    const won = await t.database.db
      .selectFrom('notifications')
      .select('subject')
      .where('user_id', '=', winner.id)
      .where('kind', '=', 'won')
      .execute();
    expect(won).toHaveLength(ids.length);

    // An auction that ends while no server runs closes when one starts again.
    const { id } = await startAuction(t, seller);
    const buyer = await createUser(t);
    await bidOk(t, buyer, id, { amount: AED(150) });
    await setEnd(t, id, new Date(Date.now() - 1));
    expect((await auctionRow(t, id)).status).toBe('open');
    const restarted = await exited(spawnTsx('apps/server/test/fixtures/run-closer.ts', [config, 'start', '500']));
    expect(restarted, restarted.stderr).toMatchObject({ code: 0 });
    expect(await auctionRow(t, id)).toMatchObject({ status: 'sold', winner_id: buyer.id });
    const closedOrders = await t.database.db.selectFrom('orders').select('id').where('auction_id', '=', id).execute();
    expect(closedOrders).toHaveLength(1);
  }, 120_000);
});
