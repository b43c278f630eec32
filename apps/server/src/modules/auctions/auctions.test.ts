import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MSG,
  type AuctionDetail,
  type AuctionSummary,
  type BidEntry,
  type NotificationList,
  type Order,
  type Page,
  type ProductDetail,
} from '@souq/shared';
import { AED, auctionRow, bid, bidOk, bidRows, newKey, startAuction } from '../../../test/auction-support.js';
import { call, createUser, insertProduct, type TestUser } from '../../../test/catalog-support.js';
import { readOutbox } from '../../../test/outbox.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from '../../../test/support.js';
import { createFakeClock } from '../../lib/clock.js';
import type { DomainError } from '../../lib/errors.js';

const ADDRESS = { emirate: 'Dubai', area: 'Al Barsha', street: 'Street 12, villa 4', phone: '0501234567' };
const MINUTE = 60_000;

describe.each(DIALECTS)('timed auctions (%s)', (dialect) => {
  let t: TestApp;
  const clock = createFakeClock();
  let seller: TestUser;
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let unverified: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
    [seller, alice, bob, carol, unverified] = await Promise.all([
      createUser(t),
      createUser(t),
      createUser(t),
      createUser(t),
      createUser(t, { verified: false }),
    ]);
  });
  afterAll(() => t.close());

  const detail = async (id: string, user?: TestUser) => {
    const res = await call(t, 'GET', `/api/auctions/${id}`, { user });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AuctionDetail;
  };
  const notifications = async (user: TestUser) =>
    (await call(t, 'GET', '/api/notifications', { user })).json() as NotificationList;
  const closeDue = async () => t.jobs.runNow('auctions.close-due');

  describe('Move to Auction', () => {
    it('starts an auction from the owner’s product, which leaves the shop and search', async () => {
      const productId = await insertProduct(t, seller.id, { title: 'Omega Seamaster 300', category: 'Watches' });
      const res = await call(t, 'POST', `/api/products/${productId}/auction`, {
        user: seller,
        json: { startingBid: AED(500), duration: '15m', reservePrice: AED(900), closingStyle: 'sudden' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const { id } = res.json() as { id: string };

      const a = await detail(id, alice);
      expect(a).toMatchObject({
        id,
        productId,
        title: 'Omega Seamaster 300',
        category: 'Watches',
        startingBid: AED(500),
        currentBid: null,
        minimumBid: AED(500),
        bidCount: 0,
        status: 'open',
        closingStyle: 'sudden',
        hasReserve: true,
        reserveMet: false,
        seller: { id: seller.id, username: seller.username },
        leader: null,
        isOwner: false,
        myMaxBid: null,
        amLeading: false,
        order: null,
        canCancel: false,
        serverTime: clock.iso(),
      });
      expect(Date.parse(a.endsAt) - Date.parse(a.startsAt)).toBe(15 * MINUTE);
      expect(a).not.toHaveProperty('reservePrice');

      const shop = (await call(t, 'GET', '/api/products?limit=60')).json() as Page<{ id: string }>;
      expect(shop.items.map((p) => p.id)).not.toContain(productId);
      const search = (await call(t, 'GET', '/api/search?q=seamaster')).json() as Page<{ id: string }>;
      expect(search.items).toEqual([]);
      const product = (await call(t, 'GET', `/api/products/${productId}`)).json() as ProductDetail;
      expect(product).toMatchObject({ isAuction: true, auctionId: id });
      expect((await detail(id, seller)).canCancel).toBe(true);
    });

    it('takes a chosen end date a minute or more away, and no more than 30 days', async () => {
      const productId = await insertProduct(t, seller.id);
      const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();
      const start = (endsAt: string) =>
        call(t, 'POST', `/api/products/${productId}/auction`, {
          user: seller,
          json: { startingBid: AED(10), duration: 'custom', endsAt },
        });
      expect((await start(at(59_000))).json()).toEqual(
        apiError('VALIDATION_FAILED', 'Choose an end date and time at least a minute away.', {
          endsAt: 'Choose an end date and time at least a minute away.',
        }),
      );
      expect((await start(at(31 * 86_400_000))).json()).toEqual(
        apiError('VALIDATION_FAILED', 'An auction can run for at most 30 days.', {
          endsAt: 'An auction can run for at most 30 days.',
        }),
      );
      const res = await start(at(90_000));
      expect(res.statusCode).toBe(201);
      expect((await detail((res.json() as { id: string }).id)).endsAt).toBe(at(90_000));
    });

    it('refuses bad forms with the field named, and changes nothing', async () => {
      const productId = await insertProduct(t, seller.id);
      const start = (json: unknown) => call(t, 'POST', `/api/products/${productId}/auction`, { user: seller, json });
      const cases: Array<[unknown, string, string]> = [
        [{ duration: '1h' }, 'startingBid', 'Starting bid must be a positive amount.'],
        [{ startingBid: 0, duration: '1h' }, 'startingBid', 'Starting bid must be a positive amount.'],
        [{ startingBid: -5, duration: '1h' }, 'startingBid', 'Starting bid must be a positive amount.'],
        [{ startingBid: '100', duration: '1h' }, 'startingBid', 'Starting bid must be a positive amount.'],
        [{ startingBid: 10.5, duration: '1h' }, 'startingBid', 'Starting bid must be a positive amount.'],
        [{ startingBid: 100, duration: '2h' }, 'duration', 'Choose how long the auction runs.'],
        [{ startingBid: 100, duration: 'custom' }, 'endsAt', 'Choose an end date and time at least a minute away.'],
        [
          { startingBid: 100, duration: 'custom', endsAt: 'tomorrow' },
          'endsAt',
          'Choose an end date and time at least a minute away.',
        ],
        [
          { startingBid: 100, duration: '1h', reservePrice: 50 },
          'reservePrice',
          'The reserve price cannot be lower than the starting bid.',
        ],
        [
          { startingBid: 100, duration: '1h', closingStyle: 'whenever' },
          'closingStyle',
          'Choose soft close or sudden death.',
        ],
      ];
      for (const [json, field, message] of cases) {
        const res = await start(json);
        expect(res.statusCode, JSON.stringify(json)).toBe(400);
        expect((res.json() as { error: { fields: Record<string, string> } }).error.fields[field]).toBe(message);
      }
      const product = (await call(t, 'GET', `/api/products/${productId}`)).json() as ProductDetail;
      expect(product).toMatchObject({ isAuction: false, auctionId: null });
    });

    it('is the owner’s, verified, once', async () => {
      const productId = await insertProduct(t, seller.id);
      const start = (user: TestUser | null) =>
        call(t, 'POST', `/api/products/${productId}/auction`, { user, json: { startingBid: AED(10), duration: '1h' } });
      expect((await start(null)).json()).toEqual(
        apiError('UNAUTHENTICATED', 'You must be logged in to perform this action.'),
      );
      const sneaky = await createUser(t, { verified: false });
      const own = await insertProduct(t, sneaky.id);
      expect(
        (
          await call(t, 'POST', `/api/products/${own}/auction`, {
            user: sneaky,
            json: { startingBid: AED(10), duration: '1h' },
          })
        ).statusCode,
      ).toBe(403);
      expect((await start(alice)).json()).toEqual(apiError('FORBIDDEN', 'Only the seller can change this product.'));
      expect(
        (
          await call(t, 'POST', `/api/products/${crypto.randomUUID()}/auction`, {
            user: seller,
            json: { startingBid: AED(10), duration: '1h' },
          })
        ).statusCode,
      ).toBe(404);
      expect((await start(seller)).statusCode).toBe(201);
      expect((await start(seller)).json()).toEqual(apiError('CONFLICT', 'This product is already on auction.'));
    });

    it('freezes the product while its auction is open', async () => {
      const { productId } = await startAuction(t, seller);
      const del = await call(t, 'DELETE', `/api/products/${productId}`, { user: seller });
      expect(del.json()).toEqual(
        apiError('CONFLICT', 'This product is on auction and cannot be changed until the auction ends.'),
      );
      const edit = await call(t, 'PUT', `/api/products/${productId}`, {
        user: seller,
        json: {
          title: 'Changed',
          description: 'Changed description',
          category: 'Gaming',
          price: 100,
          brand: 'X',
          dimensions: '1x1x1',
          weight: 1,
          countryOfOrigin: 'UAE',
        },
      });
      expect(edit.statusCode).toBe(409);
    });
  });

  describe('bidding', () => {
    it('answers in the exact words people see: logged out, unverified, own auction, too low, unknown', async () => {
      const { id } = await startAuction(t, seller, { startingBid: AED(100) });
      expect((await bid(t, null, id, { amount: AED(100) })).json()).toEqual(
        apiError('UNAUTHENTICATED', 'You must be logged in to place a bid.'),
      );
      expect((await bid(t, unverified, id, { amount: AED(100) })).json()).toEqual(
        apiError('EMAIL_NOT_VERIFIED', 'Please verify your email to continue.'),
      );
      expect((await bid(t, seller, id, { amount: AED(100) })).json()).toEqual(
        apiError('FORBIDDEN', 'You cannot bid on your own auction.'),
      );
      const low = await bid(t, alice, id, { amount: AED(99.99) });
      const lowMessage = 'Bid amount must be higher than current bid. Bid at least AED 100.00.';
      expect(low.statusCode).toBe(400);
      expect(low.json()).toEqual(apiError('VALIDATION_FAILED', lowMessage, { amount: lowMessage }));
      await bidOk(t, alice, id, { amount: AED(100) });
      const step = await bid(t, bob, id, { amount: AED(104) });
      expect((step.json() as { error: { message: string } }).error.message).toBe(
        'Bid amount must be higher than current bid. Bid at least AED 105.00.',
      );
      expect((await bid(t, alice, crypto.randomUUID(), { amount: AED(100) })).json()).toEqual(
        apiError('NOT_FOUND', 'Auction not found'),
      );
      expect(await bidRows(t, id)).toHaveLength(1);
    });

    it('takes only whole fils as JSON numbers', async () => {
      const { id } = await startAuction(t, seller);
      for (const amount of ['10000', 100.5, true, [10000], null, 1e300, -10000]) {
        const res = await bid(t, alice, id, { amount: amount as number });
        expect(res.statusCode, String(amount)).toBe(400);
      }
      const res = await bid(t, alice, id, { amount: AED(200), maxAmount: AED(150) });
      expect((res.json() as { error: { fields: Record<string, string> } }).error.fields).toEqual({
        maxAmount: 'Your maximum bid cannot be lower than your bid.',
      });
      expect(await bidRows(t, id)).toEqual([]);
    });

    it('bids for a maximum’s owner at once, shows the maximum only to its owner, and names the leader to all', async () => {
      const { id } = await startAuction(t, seller, { startingBid: AED(10) });
      const first = await bidOk(t, alice, id, { amount: AED(10), maxAmount: AED(20) });
      expect(first).toMatchObject({
        leading: true,
        myMaxBid: AED(20),
        message: 'Your bid is in. You are the highest bidder.',
      });
      const second = await bidOk(t, bob, id, { amount: AED(15) });
      expect(second).toMatchObject({
        leading: false,
        myMaxBid: AED(15),
        message: "Another bidder's maximum is higher: you have been outbid.",
      });
      expect(second.auction).toMatchObject({
        currentBid: AED(16),
        bidCount: 3,
        minimumBid: AED(17),
        leader: { id: alice.id, username: alice.username },
      });

      expect(await detail(id, alice)).toMatchObject({ myMaxBid: AED(20), amLeading: true });
      expect(await detail(id, bob)).toMatchObject({ myMaxBid: AED(15), amLeading: false });
      expect(await detail(id, carol)).toMatchObject({ myMaxBid: null, amLeading: false, leader: { id: alice.id } });
      expect(JSON.stringify(await detail(id))).not.toContain(String(AED(20)));

      const third = await bidOk(t, carol, id, { amount: AED(17), maxAmount: AED(30) });
      expect(third).toMatchObject({ leading: true, auction: { currentBid: AED(21) } });
      const list = (await call(t, 'GET', `/api/auctions/${id}/bids`)).json() as Page<BidEntry>;
      expect(list.items.map((b) => [b.bidder.username, b.amount / 100, b.auto])).toEqual([
        [carol.username, 21, false],
        [alice.username, 20, true],
        [alice.username, 16, true],
        [bob.username, 15, false],
        [alice.username, 10, false],
      ]);
      expect(list.items.map((b) => b.seq)).toEqual([5, 4, 3, 2, 1]);
    });

    it('pages the bidders list newest first without repeats', async () => {
      const { id } = await startAuction(t, seller, { startingBid: AED(1) });
      for (let i = 0; i < 30; i++) await bidOk(t, i % 2 ? alice : bob, id, { amount: AED(1 + i) });
      const first = (await call(t, 'GET', `/api/auctions/${id}/bids`)).json() as Page<BidEntry>;
      expect(first.items).toHaveLength(25);
      const second = (
        await call(t, 'GET', `/api/auctions/${id}/bids?cursor=${first.nextCursor}`)
      ).json() as Page<BidEntry>;
      expect([...first.items, ...second.items].map((b) => b.seq)).toEqual(Array.from({ length: 30 }, (_, i) => 30 - i));
      expect(second.nextCursor).toBeNull();
      expect((await call(t, 'GET', `/api/auctions/${id}/bids?cursor=nonsense`)).statusCode).toBe(400);
    });

    it('notifies the outbid bidder and the seller, merging unread news about one auction', async () => {
      const buyer1 = await createUser(t);
      const buyer2 = await createUser(t);
      const owner = await createUser(t);
      const { id } = await startAuction(t, owner, { startingBid: AED(50) }, { title: 'Nintendo Switch OLED' });
      await bidOk(t, buyer1, id, { amount: AED(50) });
      expect((await notifications(owner)).items[0]).toMatchObject({
        kind: 'bid_received',
        body: 'The bid is now AED 50.00 (1 bid).',
      });
      await bidOk(t, buyer2, id, { amount: AED(60) });
      await bidOk(t, buyer1, id, { amount: AED(70) });
      await bidOk(t, buyer2, id, { amount: AED(80) });

      const outbid = await notifications(buyer1);
      expect(outbid.unread).toBe(1);
      expect(outbid.items).toEqual([
        {
          id: expect.any(String),
          kind: 'outbid',
          title: "You've been outbid on Nintendo Switch OLED",
          body: 'The bid is now AED 80.00.',
          link: `/auction/${id}`,
          createdAt: expect.any(String),
          read: false,
        },
      ]);
      const sellerNews = await notifications(owner);
      expect(sellerNews.unread).toBe(1);
      expect(sellerNews.items[0]).toMatchObject({ kind: 'bid_received', body: 'The bid is now AED 80.00 (4 bids).' });

      // Opening the bell reads it; the next bid is news again.
      expect((await call(t, 'POST', '/api/notifications/read', { user: buyer1 })).json()).toEqual({ unread: 0 });
      expect((await notifications(buyer1)).unread).toBe(0);
      await bidOk(t, buyer1, id, { amount: AED(90) });
      await bidOk(t, buyer2, id, { amount: AED(100) });
      const again = await notifications(buyer1);
      expect(again.unread).toBe(1);
      expect(again.items).toHaveLength(2);

      // One outbid email per auction per person per 15 minutes.
      const mails = () =>
        readOutbox(t.config.dataDir).filter((m) => m.to.includes(buyer1.email) && m.subject.includes('outbid'));
      await expect.poll(() => mails().length).toBe(1);
      clock.advance(15 * MINUTE + 1);
      await bidOk(t, buyer1, id, { amount: AED(110) });
      await bidOk(t, buyer2, id, { amount: AED(120) });
      await expect.poll(() => mails().length).toBe(2);
      expect(mails()[0]!.links).toContain(`${t.config.publicUrl}/auction/${id}`);
    });

    it('keeps notifications to their owner', async () => {
      expect((await call(t, 'GET', '/api/notifications')).statusCode).toBe(401);
      expect((await call(t, 'POST', '/api/notifications/read')).statusCode).toBe(401);
    });
  });

  describe('the server’s clock', () => {
    it('accepts a bid 1 ms before the end and refuses one at the end (sudden death: no extension)', async () => {
      const { id } = await startAuction(t, seller, { closingStyle: 'sudden', duration: '5m' });
      const end = Date.parse((await auctionRow(t, id)).ends_at);
      clock.set(end - 1);
      const ok = await bid(t, alice, id, { amount: AED(100) });
      expect(ok.statusCode, ok.body).toBe(201);
      expect((await auctionRow(t, id)).ends_at).toBe(new Date(end).toISOString());
      clock.set(end);
      const late = await bid(t, bob, id, { amount: AED(200) });
      expect(late.json()).toEqual(apiError('CONFLICT', 'This auction has ended. Bids are no longer accepted.'));
      expect(await bidRows(t, id)).toHaveLength(1);
    });

    it('refuses a bid decided 1 ms before the end whose commit would come at the end', async () => {
      const { id } = await startAuction(t, seller, { closingStyle: 'sudden', duration: '5m' });
      const end = Date.parse((await auctionRow(t, id)).ends_at);
      clock.set(end);
      // The bid is decided on the first reading of the clock; by the time its group would commit, the end has come.
      vi.spyOn(clock, 'now').mockImplementationOnce(() => new Date(end - 1));
      const late = await bid(t, alice, id, { amount: AED(100) });
      expect(late.json()).toEqual(apiError('CONFLICT', 'This auction has ended. Bids are no longer accepted.'));
      expect(await bidRows(t, id)).toHaveLength(0);
      expect(await auctionRow(t, id)).toMatchObject({ bid_count: 0, current_bid: null, seq: 0 });
    });

    it('soft close: a bid in the last two minutes moves the end to two minutes after it; earlier bids do not', async () => {
      const { id } = await startAuction(t, seller, { duration: '15m' });
      const end = Date.parse((await auctionRow(t, id)).ends_at);
      clock.set(end - 3 * MINUTE);
      await bidOk(t, alice, id, { amount: AED(100) });
      expect(Date.parse((await auctionRow(t, id)).ends_at)).toBe(end);
      clock.set(end - 30_000);
      const late = await bidOk(t, bob, id, { amount: AED(105) });
      expect(Date.parse(late.auction.endsAt)).toBe(end - 30_000 + 2 * MINUTE);
      clock.set(end + 60_000);
      await bidOk(t, alice, id, { amount: AED(110) });
      expect(Date.parse((await auctionRow(t, id)).ends_at)).toBe(end + 60_000 + 2 * MINUTE);
    });

    it('ignores whatever time the client claims', async () => {
      const { id } = await startAuction(t, seller, { closingStyle: 'sudden', duration: '5m' });
      const end = Date.parse((await auctionRow(t, id)).ends_at);
      clock.set(end + 1000);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/auctions/${id}/bids`,
        headers: { cookie: alice.cookie, date: new Date(end - MINUTE).toUTCString() },
        payload: {
          amount: AED(100),
          createdAt: new Date(end - MINUTE).toISOString(),
          endsAt: new Date(end + MINUTE).toISOString(),
        },
      });
      expect(res.statusCode).toBe(409);
      expect(((await call(t, 'GET', '/api/time')).json() as { serverTime: string }).serverTime).toBe(clock.iso());
    });
  });

  describe('Idempotency-Key', () => {
    it('the same key ten times at once places one bid, and every answer is the first one', async () => {
      const { id } = await startAuction(t, seller);
      const key = newKey();
      const answers = await Promise.all(Array.from({ length: 10 }, () => bid(t, alice, id, { amount: AED(150) }, key)));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
      expect(new Set(answers.map((r) => r.body)).size).toBe(1);
      expect(await bidRows(t, id)).toHaveLength(1);
      expect((await auctionRow(t, id)).seq).toBe(1);
    });

    it('a key reused for a different bid is refused with 422', async () => {
      const { id } = await startAuction(t, seller);
      const key = newKey();
      expect((await bid(t, alice, id, { amount: AED(150) }, key)).statusCode).toBe(201);
      const reused = await bid(t, alice, id, { amount: AED(300) }, key);
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toEqual(
        apiError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request.'),
      );
      expect((await bid(t, alice, id, { amount: AED(150) }, 'short')).statusCode).toBe(400);
      expect(await bidRows(t, id)).toHaveLength(1);
    });
  });

  describe('bids that arrive together (ADR 0026)', () => {
    const userRow = (u: TestUser) =>
      t.database.db.selectFrom('users').selectAll().where('id', '=', u.id).executeTakeFirstOrThrow();
    /** Hands the service every bid in one turn, as requests that arrive together reach it: they form one batch. */
    async function together(bids: Array<[TestUser, number, string?]>) {
      const rows = await Promise.all(bids.map(([u]) => userRow(u)));
      const id = current;
      const settled = await Promise.allSettled(
        bids.map(([, amount, key], i) => t.auctions.placeBid(rows[i]!, id, { amount }, key)),
      );
      return settled.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as DomainError).code));
    }
    let current = '';

    it('are weighed lowest first; each outbid person hears of it once, the seller once, and a refusal takes nothing from the rest', async () => {
      const owner = await createUser(t);
      const [p1, p2, p3, p4, late] = await Promise.all([
        createUser(t),
        createUser(t),
        createUser(t),
        createUser(t),
        createUser(t),
      ]);
      current = (await startAuction(t, owner, { startingBid: AED(100) }, { title: 'Leica Q3' })).id;
      const answers = await together([
        [p3, AED(120)],
        [p1, AED(100)],
        [owner, AED(500)],
        [p4, AED(130)],
        [p2, AED(110)],
        [late, AED(100)],
      ]);
      expect(answers.map((a) => (typeof a === 'string' ? a : a.message))).toEqual([
        MSG.bidPlaced,
        MSG.bidPlaced,
        'FORBIDDEN',
        MSG.bidPlaced,
        MSG.bidPlaced,
        'VALIDATION_FAILED',
      ]);
      expect((await bidRows(t, current)).map((r) => [r.seq, r.amount, r.bidder_id])).toEqual([
        [1, AED(100), p1.id],
        [2, AED(110), p2.id],
        [3, AED(120), p3.id],
        [4, AED(130), p4.id],
      ]);
      expect(await auctionRow(t, current)).toMatchObject({
        seq: 4,
        bid_count: 4,
        current_bid: AED(130),
        leader_id: p4.id,
      });
      for (const [who, price] of [
        [p1, 'AED 110.00'],
        [p2, 'AED 120.00'],
        [p3, 'AED 130.00'],
      ] as const) {
        const news = await notifications(who);
        expect(news.unread).toBe(1);
        expect(news.items[0]).toMatchObject({
          kind: 'outbid',
          title: "You've been outbid on Leica Q3",
          body: `The bid is now ${price}.`,
        });
      }
      expect((await notifications(p4)).unread).toBe(0);
      const sellerNews = await notifications(owner);
      expect(sellerNews.unread).toBe(1);
      expect(sellerNews.items[0]).toMatchObject({ kind: 'bid_received', body: 'The bid is now AED 130.00 (4 bids).' });
      const outbidMails = () =>
        readOutbox(t.config.dataDir).filter(
          (m) => m.subject.includes('outbid') && m.links.some((l) => l.endsWith(`/auction/${current}`)),
        );
      await expect
        .poll(() =>
          outbidMails()
            .map((m) => m.to)
            .sort(),
        )
        .toEqual([p1.email, p2.email, p3.email].sort());
    });

    it('a retry that comes with its first attempt gets the first answer; the key reused for another amount at once is refused', async () => {
      current = (await startAuction(t, seller)).id;
      const key = newKey();
      const [first, retry, reused] = await together([
        [carol, AED(150), key],
        [carol, AED(150), key],
        [carol, AED(400), key],
      ]);
      expect(typeof first).toBe('object');
      expect(retry).toEqual(first);
      expect(reused).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await bidRows(t, current)).toHaveLength(1);
      expect(await auctionRow(t, current)).toMatchObject({ seq: 1, current_bid: AED(150) });
    });

    it('a batch decided before the end that would commit at it is refused whole; a retry of a bid stored earlier still gets its answer', async () => {
      current = (await startAuction(t, seller, { closingStyle: 'sudden', duration: '5m' })).id;
      const key = newKey();
      const [stored] = await together([[alice, AED(100), key]]);
      const end = Date.parse((await auctionRow(t, current)).ends_at);
      clock.set(end);
      // Decided on the first reading of the clock; by the time the batch would commit, the end has come.
      vi.spyOn(clock, 'now').mockImplementationOnce(() => new Date(end - 1));
      const [retry, rival, raise] = await together([
        [alice, AED(100), key],
        [bob, AED(200)],
        [carol, AED(300)],
      ]);
      expect(retry).toEqual(stored);
      expect([rival, raise]).toEqual(['CONFLICT', 'CONFLICT']);
      expect(await bidRows(t, current)).toHaveLength(1);
      expect(await auctionRow(t, current)).toMatchObject({ seq: 1, current_bid: AED(100) });
    });
  });

  describe('closing and the winner', () => {
    it('sold: one order for the winner at the hammer price plus VAT, awaiting the address; both told, by bell and email', async () => {
      const owner = await createUser(t);
      const winner = await createUser(t);
      const { id, productId } = await startAuction(
        t,
        owner,
        { startingBid: AED(1000), reservePrice: AED(1200), duration: '1h' },
        { title: 'PlayStation 5 Pro' },
      );
      await bidOk(t, alice, id, { amount: AED(1000) });
      await bidOk(t, winner, id, { amount: AED(1050), maxAmount: AED(2000) });
      expect((await detail(id)).reserveMet).toBe(true);
      clock.set(Date.parse((await auctionRow(t, id)).ends_at));
      await closeDue();

      const closed = await detail(id, winner);
      expect(closed).toMatchObject({
        status: 'sold',
        currentBid: AED(1200),
        leader: { id: winner.id },
        amLeading: true,
        order: { status: 'awaiting_address' },
      });
      expect((await detail(id, alice)).order).toBeNull();
      expect((await detail(id, owner)).order).toMatchObject({ id: closed.order!.id });
      const orders = (await call(t, 'GET', '/api/orders', { user: winner })).json() as Order[];
      expect(orders).toEqual([
        expect.objectContaining({
          id: closed.order!.id,
          status: 'awaiting_address',
          auctionId: id,
          subtotal: AED(1200),
          vat: AED(60),
          total: AED(1260),
          lines: [
            expect.objectContaining({ productId, title: 'PlayStation 5 Pro', unitPrice: AED(1200), quantity: 1 }),
          ],
        }),
      ]);
      expect((await notifications(winner)).items[0]).toMatchObject({ kind: 'won', title: 'You won PlayStation 5 Pro' });
      expect((await notifications(owner)).items[0]).toMatchObject({
        kind: 'auction_sold',
        title: 'Sold: PlayStation 5 Pro',
      });
      await expect
        .poll(
          () =>
            readOutbox(t.config.dataDir).filter(
              (m) => m.subject === 'You won PlayStation 5 Pro' || m.subject === 'Sold: PlayStation 5 Pro',
            ).length,
        )
        .toBe(2);
      expect((await bid(t, alice, id, { amount: AED(5000) })).statusCode).toBe(409);

      // The winner completes it with the checkout's address form, once; nobody else can.
      const orderId = closed.order!.id;
      expect((await call(t, 'POST', `/api/orders/${orderId}/address`, { user: alice, json: ADDRESS })).statusCode).toBe(
        404,
      );
      expect(
        (await call(t, 'POST', `/api/orders/${orderId}/address`, { user: winner, json: { ...ADDRESS, phone: '12' } }))
          .statusCode,
      ).toBe(400);
      const done = await call(t, 'POST', `/api/orders/${orderId}/address`, { user: winner, json: ADDRESS });
      expect(done.json()).toMatchObject({
        id: orderId,
        status: 'placed',
        address: { emirate: 'Dubai', area: 'Al Barsha', phone: '0501234567' },
      });
      expect((await call(t, 'POST', `/api/orders/${orderId}/address`, { user: winner, json: ADDRESS })).json()).toEqual(
        apiError('CONFLICT', 'This order already has its delivery address.'),
      );
      const sales = (await call(t, 'GET', '/api/sales', { user: owner })).json() as Array<{
        orderId: string;
        lineTotal: number;
        buyer: { id: string };
      }>;
      expect(sales).toEqual([
        expect.objectContaining({ orderId, lineTotal: AED(1200), buyer: expect.objectContaining({ id: winner.id }) }),
      ]);
    });

    it('unsold under the reserve: no order; the seller is told and may relist at a fixed price or as a new auction', async () => {
      const owner = await createUser(t);
      const { id, productId } = await startAuction(t, owner, { startingBid: AED(100), reservePrice: AED(500) });
      await bidOk(t, alice, id, { amount: AED(200) });
      clock.set(Date.parse((await auctionRow(t, id)).ends_at));
      await closeDue();
      const closed = await detail(id, owner);
      expect(closed).toMatchObject({
        status: 'unsold',
        reserveMet: false,
        order: null,
        canRelist: true,
        canCancel: false,
      });
      expect(
        ((await call(t, 'GET', '/api/orders', { user: alice })).json() as Order[]).filter((o) => o.auctionId === id),
      ).toEqual([]);
      expect((await notifications(owner)).items[0]).toMatchObject({
        kind: 'auction_unsold',
        body: 'The highest bid, AED 200.00, did not meet your reserve. You can relist it.',
      });

      expect((await call(t, 'POST', `/api/auctions/${id}/relist`, { user: alice })).statusCode).toBe(403);
      const again = await call(t, 'POST', `/api/products/${productId}/auction`, {
        user: owner,
        json: { startingBid: AED(80), duration: '1h' },
      });
      expect(again.statusCode, again.body).toBe(201);
      const second = (again.json() as { id: string }).id;
      expect(((await call(t, 'GET', `/api/products/${productId}`)).json() as ProductDetail).auctionId).toBe(second);
      clock.set(Date.parse((await auctionRow(t, second)).ends_at));
      await closeDue();
      expect((await detail(second)).status).toBe('unsold');
      expect((await notifications(owner)).items[0]).toMatchObject({ body: 'There were no bids. You can relist it.' });
      expect((await call(t, 'POST', `/api/auctions/${id}/relist`, { user: owner })).statusCode).toBe(409);
      const fixed = await call(t, 'POST', `/api/auctions/${second}/relist`, { user: owner });
      expect(fixed.json()).toEqual({ productId });
      expect(((await call(t, 'GET', `/api/products/${productId}`)).json() as ProductDetail).isAuction).toBe(false);
    });

    it('the seller may cancel before the first bid, not after', async () => {
      const { id, productId } = await startAuction(t, seller);
      expect((await call(t, 'POST', `/api/auctions/${id}/cancel`, { user: alice })).json()).toEqual(
        apiError('FORBIDDEN', 'Only the seller can change this auction.'),
      );
      expect((await call(t, 'POST', `/api/auctions/${id}/cancel`, { user: seller })).statusCode).toBe(200);
      expect((await detail(id)).status).toBe('cancelled');
      expect(((await call(t, 'GET', `/api/products/${productId}`)).json() as ProductDetail).isAuction).toBe(false);
      expect((await bid(t, alice, id, { amount: AED(100) })).statusCode).toBe(409);

      const other = await startAuction(t, seller);
      await bidOk(t, alice, other.id, { amount: AED(100) });
      expect((await call(t, 'POST', `/api/auctions/${other.id}/cancel`, { user: seller })).json()).toEqual(
        apiError('CONFLICT', 'An auction with bids cannot be cancelled.'),
      );
    });
  });

  describe('lists', () => {
    it('lists open auctions with the six sorts, by category, keyset-paged; the seller’s tab puts open ones first', async () => {
      const owner = await createUser(t);
      const made: Array<{ id: string; title: string; price: number; category: string }> = [];
      for (const [i, title] of ['Zeta camera', 'alpha lens', 'Mid tripod', 'beta flash', 'Gamma bag'].entries()) {
        clock.advance(1000);
        const category = i % 2 ? 'Gaming' : 'Sports';
        const { id } = await startAuction(
          t,
          owner,
          { startingBid: AED(10 * (i + 1)), duration: i === 2 ? '5m' : '1d' },
          { title, category },
        );
        made.push({ id, title, price: AED(10 * (i + 1)), category });
      }
      await bidOk(t, alice, made[0]!.id, { amount: AED(500) });
      const ids = async (query: string) => {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const res = await call(t, 'GET', `/api/auctions?${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`);
          expect(res.statusCode, res.body).toBe(200);
          const page = res.json() as Page<AuctionSummary>;
          seen.push(...page.items.filter((a) => a.seller.id === owner.id).map((a) => a.id));
          cursor = page.nextCursor;
        } while (cursor);
        return seen;
      };
      const [zeta, alpha, mid, beta, gamma] = made.map((m) => m.id);
      expect((await ids('sort=ending'))[0]).toBe(mid);
      expect(await ids('sort=newest')).toEqual([gamma, beta, mid, alpha, zeta]);
      expect(await ids('sort=price-asc')).toEqual([alpha, mid, beta, gamma, zeta]);
      expect(await ids('sort=price-desc')).toEqual([zeta, gamma, beta, mid, alpha]);
      expect(await ids('sort=title-asc')).toEqual([alpha, beta, gamma, mid, zeta]);
      expect(await ids('sort=title-desc')).toEqual([zeta, mid, gamma, beta, alpha]);
      expect(await ids('sort=newest&category=Gaming')).toEqual([beta, alpha]);
      expect((await call(t, 'GET', '/api/auctions?sort=cheapest')).statusCode).toBe(400);
      expect(
        (
          await call(
            t,
            'GET',
            `/api/auctions?sort=price-asc&cursor=${Buffer.from(JSON.stringify(['x', 'y'])).toString('base64url')}`,
          )
        ).statusCode,
      ).toBe(400);

      const card = (
        (await call(t, 'GET', '/api/auctions?sort=newest&limit=60')).json() as Page<AuctionSummary>
      ).items.find((a) => a.id === zeta)!;
      expect(card).toMatchObject({
        title: 'Zeta camera',
        currentBid: AED(500),
        bidCount: 1,
        status: 'open',
        image: { thumb: '/images/placeholder.svg' },
      });

      await call(t, 'POST', `/api/auctions/${gamma}/cancel`, { user: owner });
      expect(await ids('sort=newest')).not.toContain(gamma);
      const tab = (await call(t, 'GET', `/api/users/${owner.id}/auctions`)).json() as Page<AuctionSummary>;
      expect(tab.items.map((a) => a.id)).toEqual([beta, mid, alpha, zeta, gamma]);
    });
  });
});
