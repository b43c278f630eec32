import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AED, auctionRow, bidOk, setEnd, startAuction } from '../../test/auction-support.js';
import { createUser } from '../../test/catalog-support.js';
import { insertBareOrder } from '../../test/order-support.js';
import { DIALECTS, startTestApp, type TestApp } from '../../test/support.js';
import { createFakeClock } from '../lib/clock.js';

describe.each(DIALECTS)('an auction’s close and what it sets off (%s)', (dialect) => {
  let t: TestApp;
  const clock = createFakeClock();
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
  });
  afterAll(() => t.close());

  const ordersOf = (auctionId: string) =>
    t.database.db.selectFrom('orders').select('id').where('auction_id', '=', auctionId).execute();
  const news = async (auctionId: string) =>
    (await t.database.db.selectFrom('notifications').select('kind').where('subject', '=', auctionId).execute())
      .map((n) => n.kind)
      .sort();

  it('commits a sale with its order, or not at all: an order that cannot be written leaves the auction open and nobody told', async () => {
    const [seller, winner] = await Promise.all([createUser(t), createUser(t)]);
    const { id } = await startAuction(t, seller);
    await bidOk(t, winner, id, { amount: AED(100) });
    // Another order already claims this auction: the flow's insert fails on the unique index.
    const blocker = crypto.randomUUID();
    await insertBareOrder(
      t,
      {
        id: blocker,
        buyerId: winner.id,
        idempotencyKey: `blocker:${id}`,
        subtotal: 0,
        vat: 0,
        createdAt: clock.iso(),
        auctionId: id,
      },
      'placed',
    );
    await setEnd(t, id, clock.now());

    await expect(t.auctions.closeDue()).rejects.toThrow();
    expect(await auctionRow(t, id)).toMatchObject({ status: 'open', winner_id: null });
    expect(await news(id)).toEqual(['bid_received']);

    await t.database.db.deleteFrom('orders').where('id', '=', blocker).execute();
    await t.auctions.closeDue();
    expect(await auctionRow(t, id)).toMatchObject({ status: 'sold', winner_id: winner.id });
    expect(await ordersOf(id)).toHaveLength(1);
    expect(await news(id)).toEqual(['auction_sold', 'bid_received', 'won']);
  });
});
