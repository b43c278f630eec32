import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AED, auctionRow, bidRows, startAuction } from '../../../test/auction-support.js';
import { createUser, type TestUser } from '../../../test/catalog-support.js';
import { DIALECTS, startTestApp, type TestApp } from '../../../test/support.js';
import * as bq from './bid-queries.js';
import * as q from './queries.js';

// The batch's write is one statement on PostgreSQL and three on SQLite: both must keep the rule
// that a stale decision writes nothing, and write every row of a fresh one.
describe.each(DIALECTS)('a batch of bids written (%s)', (dialect) => {
  let t: TestApp;
  let seller: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [seller, alice, bob] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
  });
  afterAll(() => t.close());

  const maximaOf = (auctionId: string) =>
    t.database.db
      .selectFrom('auction_max_bids')
      .select(['bidder_id', 'max_amount', 'placed_seq'])
      .where('auction_id', '=', auctionId)
      .orderBy('placed_seq')
      .execute();

  const batch = (id: string, expectedSeq: number, now: string, endsAt: string) => {
    const at = new Date().toISOString();
    return {
      change: {
        id,
        expectedSeq,
        now,
        current_bid: AED(110),
        sort_price: AED(110),
        leader_id: bob.id,
        leader_max: AED(300),
        bids: 2,
        ends_at: endsAt,
      },
      bids: [
        { auction_id: id, seq: expectedSeq + 1, bidder_id: alice.id, amount: AED(100), auto: 0, created_at: at },
        { auction_id: id, seq: expectedSeq + 2, bidder_id: bob.id, amount: AED(110), auto: 1, created_at: at },
      ],
      maxima: [
        { auction_id: id, bidder_id: alice.id, max_amount: AED(100), placed_seq: expectedSeq + 1 },
        { auction_id: id, bidder_id: bob.id, max_amount: AED(300), placed_seq: expectedSeq + 2 },
      ],
    };
  };
  const write = async (b: ReturnType<typeof batch>) =>
    (await t.database.db
      .transaction()
      .execute((trx) => bq.applyBatch(trx, dialect, b.change, b.bids, b.maxima, {}))) !== undefined;

  it('writes the auction, every bid row and every maximum when the auction is as decided', async () => {
    const { id } = await startAuction(t, seller);
    const before = await auctionRow(t, id);
    expect(await write(batch(id, before.seq, new Date().toISOString(), before.ends_at))).toBe(true);

    const after = await auctionRow(t, id);
    expect(after).toMatchObject({
      seq: before.seq + 2,
      bid_count: 2,
      current_bid: AED(110),
      leader_id: bob.id,
      leader_max: AED(300),
    });
    expect((await bidRows(t, id)).map((r) => [r.seq, r.bidder_id, r.amount, r.auto])).toEqual([
      [1, alice.id, AED(100), 0],
      [2, bob.id, AED(110), 1],
    ]);
    expect(await maximaOf(id)).toEqual([
      { bidder_id: alice.id, max_amount: AED(100), placed_seq: 1 },
      { bidder_id: bob.id, max_amount: AED(300), placed_seq: 2 },
    ]);

    // A bidder's maximum is replaced, not added: one row per bidder.
    const next = batch(id, after.seq, new Date().toISOString(), after.ends_at);
    next.maxima = [{ auction_id: id, bidder_id: alice.id, max_amount: AED(500), placed_seq: after.seq + 1 }];
    next.bids = next.bids.slice(0, 1);
    next.change.bids = 1;
    expect(await write(next)).toBe(true);
    expect(await maximaOf(id)).toEqual([
      { bidder_id: bob.id, max_amount: AED(300), placed_seq: 2 },
      { bidder_id: alice.id, max_amount: AED(500), placed_seq: 3 },
    ]);
  });

  it('writes nothing when the auction moved on, closed or ended since the batch read it', async () => {
    const { id } = await startAuction(t, seller);
    const row = await auctionRow(t, id);
    const now = new Date().toISOString();
    const stale = [
      batch(id, row.seq + 1, now, row.ends_at), // another batch was written first
      batch(id, row.seq, row.ends_at, row.ends_at), // decided at the end
    ];
    for (const b of stale) expect(await write(b)).toBe(false);
    await t.database.db.updateTable('auctions').set({ status: 'unsold' }).where('id', '=', id).execute();
    expect(await write(batch(id, row.seq, now, row.ends_at))).toBe(false);

    expect(await auctionRow(t, id)).toMatchObject({ seq: row.seq, bid_count: 0, current_bid: null, leader_id: null });
    expect(await bidRows(t, id)).toEqual([]);
    expect(await maximaOf(id)).toEqual([]);
  });

  it("sends the riders with the batch and returns each one's stored rows, none for one not given", async () => {
    const { id } = await startAuction(t, seller);
    const row = await auctionRow(t, id);
    const now = new Date().toISOString();
    const b = batch(id, row.seq, now, row.ends_at);
    const key = {
      user_id: alice.id,
      scope: `bid:${id}`,
      key: 'rider-key',
      request_hash: 'h',
      response: '{}',
      created_at: now,
    };
    const written = await t.database.db.transaction().execute((trx) =>
      bq.applyBatch(trx, dialect, b.change, b.bids, b.maxima, {
        slots: q.takeMailSlots(trx, [alice.id, bob.id], `outbid:${id}`, now, now),
        keys: q.recordIdempotent(trx, [key]),
        none: q.recordIdempotent(trx, []),
      }),
    );
    expect(written?.slots.map((r) => r.user_id).sort()).toEqual([alice.id, bob.id].sort());
    expect(written?.keys).toEqual([{ key: 'rider-key' }]);
    expect(written?.none).toEqual([]);
    expect(await bidRows(t, id)).toHaveLength(2);
    // Taken once: a second ask inside the window gets nobody.
    const again = await t.database.db
      .transaction()
      .execute((trx) => q.takeMailSlots(trx, [alice.id], `outbid:${id}`, now, now)!.execute());
    expect(again).toEqual([]);
  });

  it('outside a transaction, a stale batch leaves nothing, its riders included', async () => {
    const { id } = await startAuction(t, seller);
    const row = await auctionRow(t, id);
    const now = new Date().toISOString();
    const b = batch(id, row.seq + 1, now, row.ends_at); // another batch was written first
    const key = {
      user_id: alice.id,
      scope: `bid:${id}`,
      key: 'stale-key',
      request_hash: 'h',
      response: '{}',
      created_at: now,
    };
    const db = t.database.db;
    const written = await bq.applyBatch(db, dialect, b.change, b.bids, b.maxima, {
      slots: q.takeMailSlots(db, [alice.id], `outbid:${id}`, now, now),
      keys: q.recordIdempotent(db, [key]),
    });
    expect(written).toBeUndefined();
    expect(await bidRows(t, id)).toEqual([]);
    expect(await db.selectFrom('idempotency_keys').selectAll().where('scope', '=', `bid:${id}`).execute()).toEqual([]);
    expect(await db.selectFrom('mail_throttle').selectAll().where('topic', '=', `outbid:${id}`).execute()).toEqual([]);
  });
});
