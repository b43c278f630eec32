import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type ReportQueue } from '@souq/shared';
import { createFakeClock } from '../../lib/clock.js';
import { readOutbox } from '../../../test/outbox.js';
import { AED, bid, bidOk, startAuction } from '../../../test/auction-support.js';
import { call, createUser, insertProduct, productRow, type TestUser } from '../../../test/catalog-support.js';
import { clientId } from '../../../test/stream-support.js';
import { apiError, DIALECTS, startTestApp, type TestApp } from '../../../test/support.js';

const HOUR = 3600_000;

describe.each(DIALECTS)('reports and staff actions (%s)', (dialect) => {
  const clock = createFakeClock();
  let t: TestApp;
  let staff: TestUser;
  let staff2: TestUser;
  let seller: TestUser;
  let buyer: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
    [staff, staff2, seller, buyer, other] = await Promise.all([
      createUser(t),
      createUser(t),
      createUser(t),
      createUser(t),
      createUser(t),
    ]);
    await t.database.db.updateTable('users').set({ staff: 1 }).where('id', 'in', [staff.id, staff2.id]).execute();
  });
  afterAll(() => t.close());

  const report = (user: TestUser | null, json: unknown) => call(t, 'POST', '/api/reports', { user, json });
  const act = (user: TestUser | null, reportId: string, json: unknown) =>
    call(t, 'POST', `/api/admin/reports/${reportId}/action`, { user, json });
  const queue = async (user = staff) => (await call(t, 'GET', '/api/admin/reports', { user })).json() as ReportQueue;
  const reported = async (user: TestUser, targetKind: string, targetId: string, reason = 'counterfeit') => {
    const res = await report(user, { targetKind, targetId, reason });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const row = async (u: TestUser) => (await t.accounts.userById(u.id))!;
  const audit = async () =>
    (
      (await call(t, 'GET', '/api/admin/audit', { user: staff })).json() as {
        actions: Array<{ action: string; targetKind: string; targetId: string; reason: string }>;
      }
    ).actions;

  describe('reporting', () => {
    it('takes one report per person per thing, with a reason from the list and short optional text', async () => {
      const productId = await insertProduct(t, seller.id, { title: 'Fake Rolex' });
      const first = await report(buyer, {
        targetKind: 'product',
        targetId: productId,
        reason: 'counterfeit',
        text: 'Logo is off',
      });
      expect(first.statusCode).toBe(201);
      const again = await report(buyer, { targetKind: 'product', targetId: productId, reason: 'spam' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(apiError('CONFLICT', MSG.reportDuplicate));
      // Someone else may still report the same thing.
      expect(
        (await report(other, { targetKind: 'product', targetId: productId, reason: 'misleading' })).statusCode,
      ).toBe(201);
    });

    it('refuses a missing thing, one’s own thing, a reason not on the list and text over 500 characters', async () => {
      const productId = await insertProduct(t, seller.id);
      const missing = await report(buyer, { targetKind: 'review', targetId: crypto.randomUUID(), reason: 'spam' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(apiError('NOT_FOUND', MSG.reportTargetMissing));
      const own = await report(seller, { targetKind: 'product', targetId: productId, reason: 'spam' });
      expect(own.json()).toEqual(apiError('FORBIDDEN', MSG.reportOwn));
      const self = await report(seller, { targetKind: 'user', targetId: seller.id, reason: 'spam' });
      expect(self.statusCode).toBe(403);
      const reason = await report(buyer, { targetKind: 'product', targetId: productId, reason: 'ugly' });
      expect(reason.statusCode).toBe(400);
      expect(reason.json().error.message).toBe(MSG.reportReasonRequired);
      const long = await report(buyer, {
        targetKind: 'product',
        targetId: productId,
        reason: 'other',
        text: 'x'.repeat(501),
      });
      expect(long.statusCode).toBe(400);
      expect(long.json().error.message).toBe(MSG.reportTextLength);
    });

    it('is for signed-in, verified people; the queue and actions only for staff', async () => {
      const unverified = await createUser(t, { verified: false });
      const productId = await insertProduct(t, seller.id);
      const json = { targetKind: 'product', targetId: productId, reason: 'spam' };
      expect((await report(null, json)).statusCode).toBe(401);
      expect((await report(unverified, json)).json().error.code).toBe('EMAIL_NOT_VERIFIED');
      const reportId = await reported(buyer, 'product', productId);
      for (const who of [null, unverified, buyer, seller]) {
        const q = await call(t, 'GET', '/api/admin/reports', { user: who });
        expect(q.statusCode).toBe(who ? 403 : 401);
        const a = await act(who, reportId, { action: 'hide', reason: 'Fake' });
        expect(a.statusCode).toBe(who ? 403 : 401);
        if (who) expect(a.json()).toEqual(apiError('FORBIDDEN', MSG.staffOnly));
        const r = await call(t, 'POST', '/api/admin/restore', {
          user: who,
          json: { targetKind: 'product', targetId: productId, reason: 'x' },
        });
        expect(r.statusCode).toBe(who ? 403 : 401);
      }
      expect((await productRow(t, productId))!.hidden_at).toBeNull();
    });
  });

  describe('hiding a listing', () => {
    it('shows staff the listing in context, hides it from the shop, search and its page, and keeps it for its owner with the reason', async () => {
      const productId = await insertProduct(t, seller.id, { title: 'Counterfeit Omega Speedmaster' });
      const r1 = await reported(buyer, 'product', productId);
      await reported(other, 'product', productId, 'misleading');

      const group = (await queue()).groups.find((g) => g.thing.id === productId)!;
      expect(group.thing).toMatchObject({
        kind: 'product',
        gone: false,
        title: 'Counterfeit Omega Speedmaster',
        owner: { id: seller.id, username: seller.username },
        link: `/product/${productId}`,
      });
      expect(group.reports.map((r) => r.reporter).sort()).toEqual([buyer.username, other.username].sort());

      const res = await act(staff, r1, { action: 'hide', reason: 'Counterfeit branding' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ resolved: 2 });
      expect((await queue()).groups.find((g) => g.thing.id === productId)).toBeUndefined();

      const shop = (await call(t, 'GET', '/api/products?limit=60')).json() as { items: Array<{ id: string }> };
      expect(shop.items.map((p) => p.id)).not.toContain(productId);
      const search = (await call(t, 'GET', '/api/search?q=Omega%20Speedmaster')).json() as {
        items: Array<{ id: string }>;
      };
      expect(search.items.map((p) => p.id)).not.toContain(productId);
      expect((await call(t, 'GET', `/api/products/${productId}`)).statusCode).toBe(404);
      expect((await call(t, 'GET', `/api/products/${productId}`, { user: buyer })).statusCode).toBe(404);
      const mine = await call(t, 'GET', `/api/products/${productId}`, { user: seller });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().hidden).toMatchObject({ reason: 'Counterfeit branding' });

      expect(await audit()).toContainEqual(
        expect.objectContaining({
          action: 'hide_listing',
          targetKind: 'product',
          targetId: productId,
          reason: 'Counterfeit branding',
        }),
      );

      const restore = await call(t, 'POST', '/api/admin/restore', {
        user: staff,
        json: { targetKind: 'product', targetId: productId, reason: 'Seller showed the receipt' },
      });
      expect(restore.statusCode).toBe(200);
      expect((await call(t, 'GET', `/api/products/${productId}`)).statusCode).toBe(200);
      const twice = await call(t, 'POST', '/api/admin/restore', {
        user: staff,
        json: { targetKind: 'product', targetId: productId, reason: 'again' },
      });
      expect(twice.json()).toEqual(apiError('CONFLICT', MSG.restoreNothing));
      expect(await audit()).toContainEqual(expect.objectContaining({ action: 'restore_listing', targetId: productId }));
    });

    it('hides an auction from the list and its page, and its bidding stops', async () => {
      const { id } = await startAuction(t, seller, { startingBid: AED(100) });
      const r = await reported(buyer, 'auction', id, 'prohibited');
      expect((await act(staff, r, { action: 'hide', reason: 'Prohibited item' })).statusCode).toBe(200);
      const list = (await call(t, 'GET', '/api/auctions?limit=50')).json() as { items: Array<{ id: string }> };
      expect(list.items.map((a) => a.id)).not.toContain(id);
      expect((await call(t, 'GET', `/api/auctions/${id}`, { user: buyer })).statusCode).toBe(404);
      expect((await call(t, 'GET', `/api/auctions/${id}`, { user: seller })).json().hidden).toMatchObject({
        reason: 'Prohibited item',
      });
      const refused = await bid(t, other, id, { amount: AED(100) });
      expect(refused.json()).toEqual(apiError('CONFLICT', MSG.listingHidden));
    });

    it('refuses an action that does not fit the thing, and a reason over 500 characters or none', async () => {
      const productId = await insertProduct(t, seller.id);
      const r = await reported(buyer, 'product', productId);
      expect((await act(staff, r, { action: 'remove', reason: 'x' })).json()).toEqual(
        apiError('VALIDATION_FAILED', MSG.reportActionNotFor),
      );
      expect((await act(staff, r, { action: 'hide', reason: ' ' })).json().error.message).toBe(MSG.reasonRequired);
      expect((await act(staff, r, { action: 'hide', reason: 'y'.repeat(501) })).json().error.message).toBe(
        MSG.staffReasonLength,
      );
      expect((await act(staff, crypto.randomUUID(), { action: 'dismiss', reason: 'x' })).statusCode).toBe(404);
      expect((await productRow(t, productId))!.hidden_at).toBeNull();
    });
  });

  describe('two staff at once', () => {
    it('lets exactly one act on a report; the other is told it was handled, and nothing is written twice', async () => {
      const productId = await insertProduct(t, seller.id);
      const r = await reported(buyer, 'product', productId);
      const [a, b] = await Promise.all([
        act(staff, r, { action: 'hide', reason: 'First look' }),
        act(staff2, r, { action: 'dismiss', reason: 'Second look' }),
      ]);
      const codes = [a.statusCode, b.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json()).toEqual(apiError('CONFLICT', MSG.reportAlreadyHandled));
      const lines = (await audit()).filter(
        (l) => (l.targetKind === 'product' && l.targetId === productId) || l.targetId === r,
      );
      expect(lines).toHaveLength(1);
      expect((await productRow(t, productId))!.hidden_at !== null).toBe(a.statusCode === 200);
    });
  });

  describe('reviews and chat lines', () => {
    it('removes a review: the product’s count and rating move back', async () => {
      const productId = await insertProduct(t, seller.id);
      const created = await call(t, 'POST', `/api/products/${productId}/reviews`, {
        user: buyer,
        json: { text: 'Total scam, buy elsewhere', rating: 1 },
      });
      const reviewId = (created.json() as { id: string }).id;
      const r = await reported(seller, 'review', reviewId, 'abusive');
      const group = (await queue()).groups.find((g) => g.thing.id === reviewId)!;
      expect(group.thing).toMatchObject({ kind: 'review', title: 'Total scam, buy elsewhere', rating: 1 });
      expect((await act(staff, r, { action: 'remove', reason: 'Abusive' })).statusCode).toBe(200);
      const product = (await productRow(t, productId))!;
      expect(product.review_count).toBe(0);
      expect(product.rating).toBe(0);
    });

    it('shows a chat line with the lines around it, and removes it from the room', async () => {
      const productId = await insertProduct(t, seller.id);
      const { id: streamId } = await t.streams.start(
        await row(seller),
        { title: 'Evening show', productId, startingBid: AED(50), durationMinutes: 30 },
        undefined,
      );
      const lines = ['hello', 'you are all idiots', 'nice watch'];
      const acks = [];
      for (const line of lines) acks.push(await t.streams.chat(await row(other), streamId, line, clientId()));
      const bad = (
        await t.database.db
          .selectFrom('stream_messages')
          .select('id')
          .where('stream_id', '=', streamId)
          .where('text', '=', 'you are all idiots')
          .executeTakeFirstOrThrow()
      ).id;
      const r = await reported(buyer, 'message', bad, 'abusive');
      const group = (await queue()).groups.find((g) => g.thing.id === bad)!;
      expect(group.thing.around.map((l) => l.text)).toEqual(expect.arrayContaining(lines));
      expect(group.thing.around.find((l) => l.reported)?.text).toBe('you are all idiots');
      expect(group.thing.link).toBe(`/livestream/${streamId}`);
      expect((await act(staff, r, { action: 'remove', reason: 'Abuse in chat' })).statusCode).toBe(200);
      const detail = (await call(t, 'GET', `/api/streams/${streamId}`, { user: buyer })).json() as {
        recentMessages: Array<{ text: string }>;
      };
      expect(detail.recentMessages.map((m) => m.text)).not.toContain('you are all idiots');

      // A product pinned for Buy It Now and then hidden leaves the show, and cannot be bought.
      const pinned = await insertProduct(t, seller.id, { title: 'Pinned fake' });
      const pin = await t.streams.pins.pin(await row(seller), streamId, {
        productId: pinned,
        price: AED(20),
        stock: 3,
      });
      const pr = await reported(buyer, 'product', pinned);
      expect((await act(staff, pr, { action: 'hide', reason: 'Fake' })).statusCode).toBe(200);
      expect((await t.streams.pins.pinsOf(streamId)).map((p) => p.id)).not.toContain(pin.id);
      await expect(t.streams.pins.buy(await row(other), streamId, pin.id)).rejects.toMatchObject({
        message: MSG.listingHidden,
      });
      await t.streams.endByHost(await row(seller), streamId);
    });
  });

  describe('suspending an account', () => {
    it('ends its sessions, cancels its open auctions (bidders told), and refuses selling, bidding and chatting until the date', async () => {
      const suspect = await createUser(t);
      const { id: auctionId } = await startAuction(t, suspect, { startingBid: AED(100) });
      await bidOk(t, buyer, auctionId, { amount: AED(100) });
      // A second bidder reads Souq in Arabic: told in Arabic.
      const amira = await createUser(t);
      expect((await call(t, 'PUT', '/api/me/locale', { user: amira, json: { locale: 'ar' } })).statusCode).toBe(204);
      await bidOk(t, amira, auctionId, { amount: AED(150) });
      const { id: theirAuction } = await startAuction(t, seller, { startingBid: AED(100), duration: '7d' });
      const r = await reported(buyer, 'user', suspect.id, 'spam');
      const until = clock.iso(48 * HOUR);

      const past = await act(staff, r, { action: 'suspend', reason: 'Scam', until: clock.iso(-HOUR) });
      expect(past.json().error.message).toBe(MSG.suspendUntilPast);
      const res = await act(staff, r, { action: 'suspend', reason: 'Selling fakes repeatedly', until });
      expect(res.statusCode, res.body).toBe(200);

      // Signed out everywhere.
      expect((await call(t, 'GET', '/api/auth/me', { user: suspect })).json().user).toBeNull();
      // Its auction is cancelled, and the bidder told by bell and by mail.
      const auction = await t.database.db
        .selectFrom('auctions')
        .selectAll()
        .where('id', '=', auctionId)
        .executeTakeFirstOrThrow();
      expect(auction.status).toBe('cancelled');
      const bell = await t.database.db
        .selectFrom('notifications')
        .selectAll()
        .where('user_id', '=', buyer.id)
        .where('kind', '=', 'auction_cancelled')
        .execute();
      expect(bell).toHaveLength(1);
      const arabicBell = await t.database.db
        .selectFrom('notifications')
        .select('title')
        .where('user_id', '=', amira.id)
        .where('kind', '=', 'auction_cancelled')
        .executeTakeFirstOrThrow();
      expect(arabicBell.title.startsWith('أُلغي المزاد')).toBe(true);
      await expect.poll(() => readOutbox(t.config.dataDir).filter((m) => m.to === amira.email).length).toBe(1);
      await expect
        .poll(
          () =>
            readOutbox(t.config.dataDir).filter(
              (m) => m.to === buyer.email && m.subject.startsWith('Auction cancelled'),
            ).length,
        )
        .toBe(1);
      expect(await audit()).toContainEqual(
        expect.objectContaining({ action: 'suspend_account', targetKind: 'user', targetId: suspect.id }),
      );

      // Signing in again shows why and until when; selling, bidding and chatting are refused with the message.
      const back = { ...suspect, cookie: `souq_sid=${(await t.accounts.createSession(suspect.id)).token}` };
      expect((await call(t, 'GET', '/api/auth/me', { user: back })).json().user.suspension).toEqual({
        until,
        reason: 'Selling fakes repeatedly',
      });
      const refusedBid = await bid(t, back, theirAuction, { amount: AED(100) });
      expect(refusedBid.json()).toEqual(apiError('FORBIDDEN', MSG.accountSuspended));
      const spare = await insertProduct(t, suspect.id);
      const refusedSale = await call(t, 'POST', `/api/products/${spare}/auction`, {
        user: back,
        json: { startingBid: AED(100), duration: '1h' },
      });
      expect(refusedSale.json()).toEqual(apiError('FORBIDDEN', MSG.accountSuspended));
      await expect(t.streams.chat(await row(suspect), crypto.randomUUID(), 'hi', clientId())).rejects.toMatchObject({
        message: MSG.accountSuspended,
      });

      // The suspension ends by its date alone.
      clock.advance(48 * HOUR + 1);
      expect((await call(t, 'GET', '/api/auth/me', { user: back })).json().user.suspension).toBeNull();
      expect((await bid(t, back, theirAuction, { amount: AED(100) })).statusCode).toBe(201);
    });

    it('cancels the lot on a live host’s screen and ends the show, which still reads', async () => {
      const host = await createUser(t);
      const productId = await insertProduct(t, host.id);
      const { id: streamId } = await t.streams.start(
        await row(host),
        { title: 'Night show', productId, startingBid: AED(50), durationMinutes: 30 },
        undefined,
      );
      const r = await reported(buyer, 'user', host.id);
      expect((await act(staff, r, { action: 'suspend', reason: 'Fakes', until: clock.iso(HOUR) })).statusCode).toBe(
        200,
      );
      const detail = await call(t, 'GET', `/api/streams/${streamId}`, { user: buyer });
      expect(detail.statusCode, detail.body).toBe(200);
      const lots = await t.database.db
        .selectFrom('auctions')
        .select('status')
        .where('stream_id', '=', streamId)
        .execute();
      expect(lots.map((l) => l.status)).toEqual(['cancelled']);
      // A bid typed in the chat finds the lot cancelled.
      const refused = await t.streams.chat(await row(buyer), streamId, '100', clientId()).catch((e: Error) => e);
      expect(refused).toMatchObject({ message: MSG.streamNotLive });
      // The show ended with the suspension (live-shows.test.ts follows the room): it still reads.
      const ended = await call(t, 'GET', `/api/streams/${streamId}`, { user: buyer });
      expect(ended.json()).toMatchObject({ status: 'ended', endReason: 'host' });
    });

    it('is ended early by a restore, and staff cannot be suspended', async () => {
      const suspect = await createUser(t);
      const r = await reported(buyer, 'user', suspect.id);
      expect((await act(staff, r, { action: 'suspend', reason: 'Spam', until: clock.iso(HOUR) })).statusCode).toBe(200);
      const restore = await call(t, 'POST', '/api/admin/restore', {
        user: staff,
        json: { targetKind: 'user', targetId: suspect.id, reason: 'Appeal accepted' },
      });
      expect(restore.statusCode).toBe(200);
      expect((await t.accounts.userById(suspect.id))!.suspended_until).toBeNull();

      const onStaff = await reported(buyer, 'user', staff2.id);
      const refused = await act(staff, onStaff, { action: 'suspend', reason: 'x', until: clock.iso(HOUR) });
      expect(refused.json()).toEqual(apiError('CONFLICT', MSG.suspendStaff));
      // Refused as a whole: the report is still open.
      expect((await queue()).groups.some((g) => g.thing.id === staff2.id)).toBe(true);
    });
  });

  describe('access matrix for the write routes', () => {
    it('visitor, unverified, other user, owner and staff: no cross-user write, no 5xx', async () => {
      const unverified = await createUser(t, { verified: false });
      const productId = await insertProduct(t, seller.id);
      const people = { visitor: null, unverified, other, owner: seller, staff } as const;
      for (const [who, user] of Object.entries(people)) {
        const r = await report(user, { targetKind: 'product', targetId: productId, reason: 'spam' });
        expect(r.statusCode, `${who} report`).toBe(
          who === 'visitor' ? 401 : who === 'unverified' ? 403 : who === 'owner' ? 403 : 201,
        );
      }
      const open = (await queue()).groups.find((g) => g.thing.id === productId)!.reports[0]!.id;
      for (const [who, user] of Object.entries(people)) {
        if (who === 'staff') continue;
        const a = await act(user, open, { action: 'hide', reason: 'x' });
        expect(a.statusCode, `${who} act`).toBe(user ? 403 : 401);
        const restore = await call(t, 'POST', '/api/admin/restore', {
          user,
          json: { targetKind: 'user', targetId: other.id, reason: 'x' },
        });
        expect(restore.statusCode, `${who} restore`).toBe(user ? 403 : 401);
      }
      expect((await productRow(t, productId))!.hidden_at).toBeNull();
      expect((await act(staff, open, { action: 'dismiss', reason: 'Not a fake' })).statusCode).toBe(200);
      expect((await productRow(t, productId))!.hidden_at).toBeNull();
    });
  });
});
