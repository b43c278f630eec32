import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG,
  biddingSuspendedUntil,
  type AuctionDetail,
  type MyStrikes,
  type NotificationList,
  type Order,
  type Sale,
  type SecondChanceOffer,
  type StruckPeople,
} from '@souq/shared';
import { AED, auctionRow, bid, bidOk, startAuction } from '../../../test/auction-support.js';
import { call, createUser, type TestUser } from '../../../test/catalog-support.js';
import { insertShow } from '../../../test/show-support.js';
import { DIALECTS, apiError, eventually, startTestApp, type TestApp } from '../../../test/support.js';
import type { Mailer, MailMessage } from '../../adapters/mail/index.js';
import { loadConfig } from '../../config.js';
import { createFakeClock } from '../../lib/clock.js';
import { gulfDay, suspensionEnd } from './strikes.js';

const ADDRESS = { emirate: 'Dubai', area: 'Al Barsha', street: 'Street 12, villa 4', phone: '0501234567' };
const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('the strike rule', () => {
  const rule = { windowMs: 90 * DAY, suspensionMs: 30 * DAY };
  const at = (days: number) => new Date(Date.UTC(2026, 0, 1) + days * DAY).toISOString();
  it('suspends for 30 days after a second strike within 90 days of the first, and not otherwise', () => {
    expect(suspensionEnd([at(0)], rule, Date.parse(at(1)))).toBeNull();
    expect(suspensionEnd([at(0), at(91)], rule, Date.parse(at(92)))).toBeNull();
    expect(suspensionEnd([at(0), at(90)], rule, Date.parse(at(100)))?.toISOString()).toBe(at(120));
    expect(suspensionEnd([at(0), at(90)], rule, Date.parse(at(120)))).toBeNull();
    expect(suspensionEnd([at(0), at(91), at(150)], rule, Date.parse(at(151)))?.toISOString()).toBe(at(180));
  });
  it('names the day it ends in Gulf time', () => {
    expect(gulfDay(new Date('2026-12-26T21:00:00Z'))).toBe('2026-12-27');
  });
});

describe('the unpaid-wins settings', () => {
  it('take decimals, so a test can make the deadline seconds; zero or words stop the start', () => {
    expect(loadConfig({ WIN_COMPLETE_HOURS: '0.0005' }).winCompleteMs).toBe(1800);
    expect(loadConfig({}).winCompleteMs).toBe(48 * HOUR);
    expect(loadConfig({ SECOND_CHANCE_HOURS: '1.5' }).unpaid.secondChanceMs).toBe(1.5 * HOUR);
    expect(loadConfig({}).unpaid).toEqual({
      secondChanceMs: 48 * HOUR,
      strikeWindowMs: 90 * DAY,
      suspensionMs: 30 * DAY,
    });
    expect(() => loadConfig({ WIN_COMPLETE_HOURS: '0' })).toThrow(/WIN_COMPLETE_HOURS/);
    expect(() => loadConfig({ SUSPENSION_DAYS: 'a month' })).toThrow(/SUSPENSION_DAYS/);
  });
});

describe.each(DIALECTS)('winners who don’t pay (%s)', (dialect) => {
  let t: TestApp;
  const clock = createFakeClock('2026-11-27T08:00:00Z');
  /** The mails as sent, to read their subjects in either language. */
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    kind: 'outbox',
    send: async (message) => void sent.push(message),
    close: async () => undefined,
  };
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock, mailer });
  });
  afterAll(() => t.close());

  /** Made when needed: the clock moves on by weeks here, and sessions last 30 days. */
  async function staffMember(): Promise<TestUser> {
    const staff = await createUser(t);
    await t.database.db.updateTable('users').set({ staff: 1 }).where('id', '=', staff.id).execute();
    return staff;
  }
  const sweep = () => t.jobs.runNow('auctions.unpaid-wins');
  const detail = async (id: string, user?: TestUser) => {
    const res = await call(t, 'GET', `/api/auctions/${id}`, { user });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AuctionDetail;
  };
  const myOrders = async (user: TestUser) => (await call(t, 'GET', '/api/orders', { user })).json() as Order[];
  const news = async (user: TestUser) =>
    ((await call(t, 'GET', '/api/notifications', { user })).json() as NotificationList).items;
  const strikesOf = async (user: TestUser) => (await call(t, 'GET', '/api/me/strikes', { user })).json() as MyStrikes;
  const mailsTo = (user: TestUser) => sent.filter((m) => m.to === user.email);
  const complete = (user: TestUser, orderId: string) =>
    call(t, 'POST', `/api/orders/${orderId}/address`, { user, json: ADDRESS });

  /** A sold auction: `runnerUp` bid 150, `winner` won at 200; the order waits for the address. */
  async function soldAuction(title = 'Rolex Submariner') {
    const [seller, winner, runnerUp] = [await createUser(t), await createUser(t), await createUser(t)];
    const { id, productId } = await startAuction(t, seller, { startingBid: AED(100), duration: '1h' }, { title });
    await bidOk(t, runnerUp, id, { amount: AED(150) });
    await bidOk(t, winner, id, { amount: AED(200) });
    clock.set(Date.parse((await auctionRow(t, id)).ends_at));
    await t.jobs.runNow('auctions.close-due');
    const order = (await myOrders(winner))[0]!;
    expect(order).toMatchObject({ status: 'awaiting_address', auctionId: id });
    return { id, productId, seller, winner, runnerUp, order, deadline: Date.parse(order.completeBy!) };
  }

  /** `first.winner` won twice and paid neither: two strikes, the second at `secondStrikeAt`. */
  async function struckTwice(titles: [string, string]) {
    const first = await soldAuction(titles[0]);
    clock.set(first.deadline);
    await sweep();
    // The same person wins again and does not pay again.
    const seller = await createUser(t);
    const { id } = await startAuction(t, seller, { startingBid: AED(100), duration: '1h' }, { title: titles[1] });
    await bidOk(t, first.winner, id, { amount: AED(100) });
    clock.set(Date.parse((await auctionRow(t, id)).ends_at));
    await t.jobs.runNow('auctions.close-due');
    const second = (await myOrders(first.winner)).find((o) => o.status === 'awaiting_address')!;
    clock.set(Date.parse(second.completeBy!));
    await sweep();
    return { first, seller, secondStrikeAt: clock.now().getTime() };
  }

  it('stores a deadline WIN_COMPLETE_HOURS after the win, shown on the order and to the winner on the auction page', async () => {
    const closedAt = clock.now().getTime() + HOUR;
    const { id, winner, runnerUp, seller, order, deadline } = await soldAuction();
    expect(deadline).toBe(closedAt + 48 * HOUR);
    expect((await detail(id, winner)).order).toMatchObject({
      id: order.id,
      completeBy: order.completeBy,
      cancelAsked: false,
    });
    expect((await detail(id, seller)).order).toMatchObject({ completeBy: order.completeBy });
    expect((await detail(id, runnerUp)).order).toBeNull();
    expect((await complete(winner, order.id)).statusCode).toBe(200);
  });

  it('reminds the winner once at 24 h left and once at 2 h left, by bell and mail in their language', async () => {
    const { winner, order, deadline } = await soldAuction('Omega Speedmaster');
    await t.database.db.updateTable('users').set({ locale: 'ar' }).where('id', '=', winner.id).execute();
    clock.set(deadline - 24 * HOUR - 1000);
    await sweep();
    expect((await news(winner)).filter((n) => n.kind === 'win_reminder')).toHaveLength(0);
    clock.set(deadline - 24 * HOUR);
    await sweep();
    await sweep();
    const first = (await news(winner)).filter((n) => n.kind === 'win_reminder');
    expect(first).toHaveLength(1);
    expect(first[0]!.title).toBe('أكمل طلبك: Omega Speedmaster');
    await eventually(() => expect(mailsTo(winner).filter((m) => m.subject.includes('Omega'))).toHaveLength(2));
    // The mail is in their language too.
    expect(mailsTo(winner).map((m) => m.subject)).toContain('أكمل طلبك: Omega Speedmaster');
    clock.set(deadline - 2 * HOUR);
    await sweep();
    await sweep();
    // Unread news about the same order is one line in the bell; the mails are two.
    await eventually(() => expect(mailsTo(winner).filter((m) => m.subject.includes('Omega'))).toHaveLength(3));
    expect((await complete(winner, order.id)).statusCode).toBe(200);
  });

  it('past the deadline: cancelled as unpaid, a strike for the winner, the seller told; the address comes too late', async () => {
    const { id, seller, winner, order, deadline } = await soldAuction('Leica M6');
    clock.set(deadline - 1);
    await sweep();
    expect((await myOrders(winner))[0]!.status).toBe('awaiting_address');
    clock.set(deadline);
    await sweep();
    expect((await myOrders(winner))[0]).toMatchObject({ id: order.id, status: 'cancelled', cancelReason: 'unpaid' });
    expect((await complete(winner, order.id)).json()).toEqual(apiError('CONFLICT', MSG.orderUnpaidCancelled));
    expect(await strikesOf(winner)).toMatchObject({
      strikes: [{ title: 'Leica M6' }],
      suspendedUntil: null,
    });
    expect((await news(winner)).find((n) => n.kind === 'win_unpaid')).toBeDefined();
    expect((await news(seller)).find((n) => n.kind === 'buyer_unpaid')).toMatchObject({
      title: 'The winner did not pay: Leica M6',
      link: `/auction/${id}`,
    });
    await eventually(() => expect(mailsTo(seller).some((m) => m.subject.includes('did not pay'))).toBe(true));
    const sales = (await call(t, 'GET', '/api/sales', { user: seller })).json() as Sale[];
    expect(sales[0]).toMatchObject({ orderStatus: 'cancelled', status: 'cancelled' });
    // Nobody sees another person's strikes: the seller's own list is empty.
    expect((await strikesOf(seller)).strikes).toEqual([]);
    await sweep();
    expect((await strikesOf(winner)).strikes).toHaveLength(1);
  });

  it('race: the winner completing the address in the instant the sweep runs; exactly one of the two wins', async () => {
    for (let round = 0; round < 4; round++) {
      const { winner, order, deadline } = await soldAuction(`Race ${round}`);
      clock.set(deadline);
      const [answer] = await Promise.all([complete(winner, order.id), sweep()]);
      const after = (await myOrders(winner)).find((o) => o.id === order.id)!;
      const strikes = (await strikesOf(winner)).strikes;
      if (answer.statusCode === 200) {
        expect(after.status).toBe('placed');
        expect(strikes).toEqual([]);
      } else {
        expect(answer.json()).toEqual(apiError('CONFLICT', MSG.orderUnpaidCancelled));
        expect(after).toMatchObject({ status: 'cancelled', cancelReason: 'unpaid' });
        expect(strikes).toHaveLength(1);
      }
    }
  });

  it('second chance: the seller offers the runner-up their own highest bid, once; accepting makes their order', async () => {
    const { id, productId, seller, winner, runnerUp, deadline } = await soldAuction('Nikon F3');
    const other = await createUser(t);
    const offer = (who: TestUser | null) => call(t, 'POST', `/api/auctions/${id}/second-chance`, { user: who });
    expect((await offer(seller)).json()).toEqual(apiError('CONFLICT', MSG.secondChanceNotAllowed));
    clock.set(deadline);
    await sweep();

    const page = await detail(id, seller);
    expect(page).toMatchObject({ runnerUp: { bidder: { id: runnerUp.id }, amount: AED(150) }, canRelist: true });
    expect((await detail(id, runnerUp)).runnerUp).toBeNull();
    expect((await offer(other)).json()).toEqual(apiError('FORBIDDEN', MSG.notAuctionSeller));
    expect((await offer(winner)).statusCode).toBe(403);
    const [a, b] = await Promise.all([offer(seller), offer(seller)]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([201, 409]);
    const sent = (a.statusCode === 201 ? a : b).json() as SecondChanceOffer;
    expect(sent).toMatchObject({ status: 'open', amount: AED(150), bidder: { id: runnerUp.id }, toMe: false });
    expect(Date.parse(sent.expiresAt)).toBe(clock.now().getTime() + 48 * HOUR);
    expect((await news(runnerUp)).find((n) => n.kind === 'second_chance')).toMatchObject({ link: `/auction/${id}` });
    await eventually(() => expect(mailsTo(runnerUp).some((m) => m.subject.includes('Second-chance'))).toBe(true));
    // While the offer stands the seller cannot relist.
    expect((await detail(id, seller)).canRelist).toBe(false);
    expect((await call(t, 'POST', `/api/auctions/${id}/relist`, { user: seller })).statusCode).toBe(409);

    expect((await detail(id, runnerUp)).secondChance).toMatchObject({ id: sent.id, toMe: true, status: 'open' });
    expect((await detail(id, other)).secondChance).toBeNull();
    const accept = (who: TestUser) => call(t, 'POST', `/api/second-chance/${sent.id}/accept`, { user: who });
    expect((await accept(other)).json()).toEqual(apiError('NOT_FOUND', MSG.offerNotFound));
    expect((await accept(seller)).statusCode).toBe(404);
    const [x, y] = await Promise.all([accept(runnerUp), accept(runnerUp)]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const accepted = (x.statusCode === 200 ? x : y).json() as SecondChanceOffer;
    expect(accepted).toMatchObject({ status: 'accepted', orderId: expect.any(String) });
    const orders = await myOrders(runnerUp);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      id: accepted.orderId,
      status: 'awaiting_address',
      subtotal: AED(150),
      completeBy: new Date(clock.now().getTime() + 48 * HOUR).toISOString(),
      lines: [expect.objectContaining({ productId, title: 'Nikon F3', auctionId: id })],
    });
    expect((await news(seller)).find((n) => n.kind === 'offer_answered')).toBeDefined();
    expect((await call(t, 'POST', `/api/second-chance/${sent.id}/decline`, { user: runnerUp })).statusCode).toBe(409);
    expect((await offer(seller)).json()).toEqual(apiError('CONFLICT', MSG.secondChanceAlreadySent));
    expect((await detail(id, seller)).order).toMatchObject({ id: accepted.orderId, status: 'awaiting_address' });
    expect((await complete(runnerUp, accepted.orderId!)).statusCode).toBe(200);
  });

  it('a declined or lapsed offer leaves the seller free to relist; an offer past 48 h cannot be accepted', async () => {
    const first = await soldAuction('Fuji X100');
    clock.set(first.deadline);
    await sweep();
    const sent = (await call(t, 'POST', `/api/auctions/${first.id}/second-chance`, { user: first.seller })).json();
    expect(
      (await call(t, 'POST', `/api/second-chance/${sent.id}/decline`, { user: first.runnerUp })).json(),
    ).toMatchObject({ status: 'declined' });
    expect((await detail(first.id, first.seller)).canRelist).toBe(true);
    expect((await call(t, 'POST', `/api/auctions/${first.id}/relist`, { user: first.seller })).json()).toEqual({
      productId: first.productId,
    });
    const product = await call(t, 'GET', `/api/products/${first.productId}`, {});
    expect(product.statusCode).toBe(200);

    const second = await soldAuction('Canon AE-1');
    clock.set(second.deadline);
    await sweep();
    const lapsed = (await call(t, 'POST', `/api/auctions/${second.id}/second-chance`, { user: second.seller })).json();
    clock.advance(48 * HOUR);
    expect((await call(t, 'POST', `/api/second-chance/${lapsed.id}/accept`, { user: second.runnerUp })).json()).toEqual(
      apiError('CONFLICT', MSG.offerNotOpen),
    );
    expect((await detail(second.id, second.runnerUp)).secondChance).toMatchObject({ status: 'expired' });
    expect((await detail(second.id, second.seller)).canRelist).toBe(true);
  });

  it('no runner-up: nothing to offer', async () => {
    const [seller, winner] = [await createUser(t), await createUser(t)];
    const { id } = await startAuction(t, seller, { startingBid: AED(100), duration: '1h' });
    await bidOk(t, winner, id, { amount: AED(100) });
    clock.set(Date.parse((await auctionRow(t, id)).ends_at));
    await t.jobs.runNow('auctions.close-due');
    clock.set(Date.parse((await myOrders(winner))[0]!.completeBy!));
    await sweep();
    expect((await detail(id, seller)).runnerUp).toBeNull();
    expect((await call(t, 'POST', `/api/auctions/${id}/second-chance`, { user: seller })).json()).toEqual(
      apiError('CONFLICT', MSG.secondChanceNoRunnerUp),
    );
  });

  it('the winner asks to cancel: a seller who agrees spares the strike; one who declines leaves the deadline running', async () => {
    const agreed = await soldAuction('Sony Walkman');
    const ask = (who: TestUser, orderId: string) =>
      call(t, 'POST', `/api/orders/${orderId}/cancel-request`, { user: who });
    const answer = (who: TestUser, lineId: string, agree: boolean) =>
      call(t, 'POST', `/api/sales/${lineId}/cancel-request`, { user: who, json: { agree } });
    const lineOf = async (seller: TestUser) =>
      ((await call(t, 'GET', '/api/sales', { user: seller })).json() as Sale[])[0]!;

    expect((await ask(agreed.runnerUp, agreed.order.id)).json()).toEqual(apiError('NOT_FOUND', MSG.orderNotFound));
    const line = await lineOf(agreed.seller);
    expect((await answer(agreed.seller, line.id, true)).json()).toEqual(apiError('CONFLICT', MSG.cancelNotAsked));
    expect((await ask(agreed.winner, agreed.order.id)).json()).toMatchObject({ cancelAsked: true });
    expect((await ask(agreed.winner, agreed.order.id)).json()).toEqual(apiError('CONFLICT', MSG.cancelAlreadyAsked));
    expect((await news(agreed.seller)).find((n) => n.kind === 'cancel_asked')).toBeDefined();
    expect(await lineOf(agreed.seller)).toMatchObject({ cancelAsked: true });
    expect((await answer(agreed.winner, line.id, true)).json()).toEqual(apiError('NOT_FOUND', MSG.saleNotFound));
    expect((await answer(agreed.seller, line.id, true)).json()).toMatchObject({
      orderStatus: 'cancelled',
      status: 'cancelled',
    });
    expect((await myOrders(agreed.winner))[0]).toMatchObject({ status: 'cancelled', cancelReason: 'buyer_asked' });
    clock.set(agreed.deadline + 1);
    await sweep();
    expect((await strikesOf(agreed.winner)).strikes).toEqual([]);
    // The seller may still offer it to the runner-up.
    expect((await detail(agreed.id, agreed.seller)).runnerUp).toMatchObject({ amount: AED(150) });
    expect((await ask(agreed.winner, agreed.order.id)).json()).toEqual(apiError('CONFLICT', MSG.orderNotCancellable));

    const declined = await soldAuction('Polaroid SX-70');
    await ask(declined.winner, declined.order.id);
    const dLine = await lineOf(declined.seller);
    expect((await answer(declined.seller, dLine.id, false)).json()).toMatchObject({
      orderStatus: 'awaiting_address',
      cancelAsked: false,
    });
    expect((await news(declined.winner)).find((n) => n.kind === 'cancel_answered')).toBeDefined();
    clock.set(declined.deadline);
    await sweep();
    expect((await myOrders(declined.winner))[0]).toMatchObject({ status: 'cancelled', cancelReason: 'unpaid' });
    expect((await strikesOf(declined.winner)).strikes).toHaveLength(1);
  });

  it('two strikes within 90 days suspend bidding for 30 days, with the end date in the refusal; staff see who has strikes', async () => {
    const { first, seller, secondStrikeAt } = await struckTwice(['Strike one', 'Strike two']);

    const mine = await strikesOf(first.winner);
    expect(mine.strikes.map((s) => s.title)).toEqual(['Strike two', 'Strike one']);
    expect(mine.suspendedUntil).toBe(new Date(secondStrikeAt + 30 * DAY).toISOString());
    const next = await startAuction(t, seller, { startingBid: AED(100), duration: '1h' });
    const refusal = await bid(t, first.winner, next.id, { amount: AED(100) });
    expect(refusal.statusCode).toBe(403);
    const message = biddingSuspendedUntil(gulfDay(new Date(secondStrikeAt + 30 * DAY)));
    expect(refusal.json()).toEqual(apiError('FORBIDDEN', message));
    const arabic = await t.app.inject({
      method: 'POST',
      url: `/api/auctions/${next.id}/bids`,
      headers: { cookie: `${first.winner.cookie}; souq_lang=ar` },
      payload: { amount: AED(100) },
    });
    expect(arabic.json().error.message).toContain('مزايداتك موقوفة حتى');
    expect((await bid(t, first.runnerUp, next.id, { amount: AED(100) })).statusCode).toBe(201);

    // A chat bid in a live room, and a pre-bid on a waiting lot, are refused alike.
    const host = await createUser(t);
    const live = await insertShow(t, host.id, 'live');
    await t.database.db
      .updateTable('auctions')
      .set({ status: 'open', ends_at: clock.iso(60_000) })
      .where('id', '=', live.lotId)
      .execute();
    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', first.winner.id)
      .executeTakeFirstOrThrow();
    await expect(t.services.streams.chat(row, live.streamId, '150', crypto.randomUUID())).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message,
    });
    const waiting = await insertShow(t, host.id, 'scheduled');
    const prebid = await call(t, 'PUT', `/api/streams/${waiting.streamId}/lots/${waiting.lotId}/prebid`, {
      user: first.winner,
      json: { maxAmount: AED(300) },
    });
    expect(prebid.json()).toEqual(apiError('FORBIDDEN', message));

    const staff = await staffMember();
    const admin = (who: TestUser | null) => call(t, 'GET', '/api/admin/strikes', { user: who });
    expect((await admin(null)).statusCode).toBe(401);
    expect((await admin(first.winner)).json()).toEqual(apiError('FORBIDDEN', MSG.staffOnly));
    const listed = (await admin(staff)).json() as StruckPeople;
    expect(listed.people.find((p) => p.user.id === first.winner.id)).toMatchObject({
      strikes: 2,
      suspendedUntil: mine.suspendedUntil,
    });

    clock.set(secondStrikeAt + 30 * DAY);
    // Sessions last 30 days: both sign in again.
    const again = async (u: TestUser) => ({ ...u, cookie: `souq_sid=${(await t.accounts.createSession(u.id)).token}` });
    const [winner, owner] = [await again(first.winner), await again(seller)];
    expect((await strikesOf(winner)).suspendedUntil).toBeNull();
    const later = await startAuction(t, owner, { startingBid: AED(100), duration: '1h' });
    expect((await bid(t, winner, later.id, { amount: AED(100) })).statusCode).toBe(201);
  });

  it('keeps the strikes’ suspension on the person’s row, where bids read it, and a job works it out again', async () => {
    const { first, seller } = await struckTwice(['Strike one again', 'Strike two again']);
    const until = (await strikesOf(first.winner)).suspendedUntil!;
    const onRow = () =>
      t.database.db
        .selectFrom('users')
        .select('bidding_suspended_until')
        .where('id', '=', first.winner.id)
        .executeTakeFirstOrThrow()
        .then((r) => r.bidding_suspended_until);
    expect(await onRow()).toBe(until);

    // A row from before it held the suspension: bids go through until the job writes it.
    await t.database.db
      .updateTable('users')
      .set({ bidding_suspended_until: null })
      .where('id', '=', first.winner.id)
      .execute();
    const next = await startAuction(t, seller, { startingBid: AED(100), duration: '1h' });
    expect((await bid(t, first.winner, next.id, { amount: AED(100) })).statusCode).toBe(201);
    await t.jobs.runNow('auctions.keep-bidding-suspensions');
    expect(await onRow()).toBe(until);
    expect((await bid(t, first.winner, next.id, { amount: AED(200) })).statusCode).toBe(403);

    // It never moves an end earlier: a later one stays.
    const later = new Date(Date.parse(until) + DAY).toISOString();
    await t.database.db
      .updateTable('users')
      .set({ bidding_suspended_until: later })
      .where('id', '=', first.winner.id)
      .execute();
    await t.jobs.runNow('auctions.keep-bidding-suspensions');
    expect(await onRow()).toBe(later);
  });

  it('every new write route, as visitor, unverified, other user, owner and staff: no 5xx and no cross-user write', async () => {
    const sold = await soldAuction('Probe');
    const [other, unverified, staff] = [
      await createUser(t),
      await createUser(t, { verified: false }),
      await staffMember(),
    ];
    const line = ((await call(t, 'GET', '/api/sales', { user: sold.seller })).json() as Sale[])[0]!;
    clock.set(sold.deadline);
    await sweep();
    const offered = await call(t, 'POST', `/api/auctions/${sold.id}/second-chance`, { user: sold.seller });
    expect(offered.statusCode).toBe(201);
    const offerId = (offered.json() as SecondChanceOffer).id;
    const routes: Array<[string, unknown?]> = [
      [`/api/orders/${sold.order.id}/cancel-request`],
      [`/api/sales/${line.id}/cancel-request`, { agree: true }],
      [`/api/sales/${line.id}/cancel-request`, { agree: 'yes' }],
      [`/api/auctions/${sold.id}/second-chance`],
      [`/api/second-chance/${offerId}/accept`],
      [`/api/second-chance/${offerId}/decline`],
      [`/api/second-chance/${crypto.randomUUID()}/accept`],
      [`/api/orders/${crypto.randomUUID()}/cancel-request`],
    ];
    for (const user of [null, unverified, other, staff, sold.winner, sold.seller])
      for (const [url, json] of routes) {
        const res = await call(t, 'POST', url, { user, json });
        const who = user?.username ?? 'visitor';
        expect(res.statusCode, `${url} as ${who}: ${res.body}`).toBeLessThan(500);
        if (!user) expect(res.statusCode).toBe(401);
        if (user === unverified) expect(res.statusCode).toBe(403);
        if (user !== sold.runnerUp) expect(res.statusCode, `${url} as ${who}`).not.toBe(200);
      }
    // Nobody but the runner-up could answer the offer: it still stands.
    expect((await detail(sold.id, sold.runnerUp)).secondChance).toMatchObject({ status: 'open' });
    expect((await call(t, 'GET', '/api/me/strikes', {})).statusCode).toBe(401);
  });
});
