import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, PINS_MAX, vatFor, type Order, type PinCard } from '@souq/shared';
import { call, createCrowd, createUser, insertProduct, type TestUser } from '../../../test/catalog-support.js';
import { insertLot, insertShow, showParts } from '../../../test/show-support.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from '../../../test/support.js';
import type { DomainEvent } from '../../lib/events.js';
import type { RealtimeOut } from '../../realtime/types.js';
import { pinsSocket, type Pins } from './pins.js';

const ADDRESS = { emirate: 'Dubai', area: 'Dubai Marina', street: 'Marina Gate 1', phone: '+971 50 123 4567' };
const LOGGED_OUT = apiError('UNAUTHENTICATED', 'You must be logged in to perform this action.');
const UNVERIFIED = apiError('EMAIL_NOT_VERIFIED', 'Please verify your email to continue.');

describe.each(DIALECTS)('Buy It Now and show orders (%s)', (dialect) => {
  let t: TestApp;
  let pins: Pins;
  let host: TestUser;
  let buyer: TestUser;
  let other: TestUser;
  let unverified: TestUser;
  const events: DomainEvent[] = [];
  const parts = showParts();

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, {}, parts.register);
    ({ pins } = parts.build(t));
    t.events.subscribe((e) => events.push(e));
    [host, buyer, other, unverified] = await Promise.all([
      createUser(t),
      createUser(t),
      createUser(t),
      createUser(t, { verified: false }),
    ]);
  });
  afterAll(() => t.close());

  const pin = (streamId: string, body: unknown, user: TestUser | null = host) =>
    call(t, 'POST', `/api/streams/${streamId}/pins`, { user, json: body });
  const buy = (streamId: string, pinId: string, user: TestUser | null = buyer, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/streams/${streamId}/pins/${pinId}/buy`,
      headers: { ...(user ? { cookie: user.cookie } : {}), ...(key ? { 'idempotency-key': key } : {}) },
    });
  const pinned = async (streamId: string, price: number, stock: number, title = 'Keffiyeh') => {
    const productId = await insertProduct(t, host.id, { title, price: 1 });
    const res = await pin(streamId, { productId, price, stock });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as PinCard;
  };
  const win = (lotId: string, streamId: string | null, price: number, winner = buyer) =>
    t.database.db.transaction().execute((trx) =>
      t.orders.createForAuction(trx, {
        auctionId: lotId,
        buyerId: winner.id,
        sellerId: host.id,
        productId: null,
        title: 'A lot',
        imageKey: null,
        price,
        streamId,
      }),
    );
  const ordersOf = async (user: TestUser) => (await call(t, 'GET', '/api/orders', { user })).json() as Order[];

  it('gathers two wins and one purchase in one order, VAT as at checkout, completed once; a later win starts another', async () => {
    const { streamId } = await insertShow(t, host.id);
    const [lot1, lot2, lot3] = await Promise.all(
      [10_000, 2_550, 700].map((price) => insertLot(t, streamId, host.id, 'sold', buyer.id, { price })),
    );
    await win(lot1!, streamId, 10_000);
    const item = await pinned(streamId, 999, 5);
    const bought = await buy(streamId, item.id);
    expect(bought.statusCode, bought.body).toBe(201);
    await win(lot2!, streamId, 2_550);

    const order = (await ordersOf(buyer)).find((o) => o.id === (bought.json() as { order: { id: string } }).order.id)!;
    const subtotal = 10_000 + 999 + 2_550;
    expect(order).toMatchObject({ status: 'awaiting_address', subtotal, vat: vatFor(subtotal) });
    expect(order.total).toBe(subtotal + vatFor(subtotal));
    expect(order.lines.map((l) => [l.auctionId, l.unitPrice, l.quantity, l.clip])).toEqual([
      [lot1, 10_000, 1, null],
      [null, 999, 1, null],
      [lot2, 2_550, 1, null],
    ]);
    expect(await t.orders.showOrderOf(buyer.id, streamId)).toEqual({ id: order.id, status: 'awaiting_address' });
    expect((await t.orders.orderOfAuction(lot2!))?.id).toBe(order.id);

    const address = (user: TestUser) => call(t, 'POST', `/api/orders/${order.id}/address`, { user, json: ADDRESS });
    expect((await address(other)).statusCode).toBe(404);
    const done = await address(buyer);
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as Order).status).toBe('placed');
    expect((await address(buyer)).json()).toEqual(apiError('CONFLICT', MSG.orderNotAwaitingAddress));

    // A completed order's amount never changes under the courier: the next win opens a new one.
    const next = await win(lot3!, streamId, 700);
    expect(next).not.toBe(order.id);
    const after = await ordersOf(buyer);
    expect(after.find((o) => o.id === order.id)!.total).toBe(order.total);
    expect(after.find((o) => o.id === next)).toMatchObject({
      subtotal: 700,
      vat: vatFor(700),
      lines: [{ auctionId: lot3 }],
    });
    expect(await t.orders.showOrderOf(buyer.id, streamId)).toEqual({ id: next, status: 'awaiting_address' });
  });

  it('opens one show order when a buyer’s purchases and a win arrive at once', async () => {
    const { streamId } = await insertShow(t, host.id);
    const lot = await insertLot(t, streamId, host.id, 'sold', other.id, { price: 2_000 });
    const items = await Promise.all([100, 200, 300].map((price, i) => pinned(streamId, price, 1, `Tea ${i}`)));
    const [bought] = await Promise.all([
      Promise.all(items.map((item) => buy(streamId, item.id, other))),
      win(lot, streamId, 2_000, other),
    ]);
    expect(bought.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const shows = (await ordersOf(other)).filter((o) => o.lines.some((l) => l.auctionId === lot));
    expect(shows).toHaveLength(1);
    expect(shows[0]).toMatchObject({ subtotal: 2_600, vat: vatFor(2_600), total: 2_600 + vatFor(2_600) });
    expect(shows[0]!.lines).toHaveLength(4);
  });

  it('keeps a timed auction in an order of its own, its line naming the auction', async () => {
    const { streamId } = await insertShow(t, host.id, 'ended');
    const timed = await insertLot(t, streamId, host.id, 'sold', other.id, { price: 5_000 });
    const id = await win(timed, null, 5_000, other);
    const order = (await ordersOf(other)).find((o) => o.id === id)!;
    expect(order).toMatchObject({ auctionId: timed, subtotal: 5_000, lines: [{ auctionId: timed, clip: null }] });
    expect((await t.orders.orderOfAuction(timed))?.id).toBe(id);
    expect(await t.orders.showOrderOf(other.id, streamId)).toBeUndefined();
  });

  it('sells exactly the stock to 50 buyers racing for 3 units, one line each, never a 5xx', async () => {
    const { streamId } = await insertShow(t, host.id);
    const item = await pinned(streamId, 4_200, 3, 'Oud');
    const crowd = await createCrowd(t, 50);
    const answers = await Promise.all(crowd.map((u) => buy(streamId, item.id, u)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(47);
    for (const r of answers.filter((a) => a.statusCode === 409))
      expect(r.json()).toEqual(apiError('CONFLICT', MSG.pinSoldOut));
    const lines = await t.database.db
      .selectFrom('order_lines')
      .select('order_id')
      .where('product_id', '=', item.product.id)
      .execute();
    expect(lines).toHaveLength(3);
    expect(new Set(lines.map((l) => l.order_id)).size).toBe(3);
    expect(await pins.pinsOf(streamId)).toMatchObject([{ id: item.id, stock: 3, sold: 3 }]);
  });

  it('buys once under a retried Idempotency-Key', async () => {
    const { streamId } = await insertShow(t, host.id);
    const item = await pinned(streamId, 1_500, 5, 'Dates');
    const key = crypto.randomBytes(12).toString('hex');
    const [first, second] = await Promise.all([buy(streamId, item.id, other, key), buy(streamId, item.id, other, key)]);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json()).toEqual(first.json());
    const third = await buy(streamId, item.id, other, key);
    expect(third.json()).toEqual(first.json());
    expect(await pins.pinsOf(streamId)).toMatchObject([{ sold: 1 }]);
    expect((await buy(streamId, item.id, other, 'bad key!')).json()).toEqual(
      apiError('VALIDATION_FAILED', MSG.idempotencyKeyInvalid),
    );
  });

  it('refuses in the exact words: visitor, unverified, the host, strangers, unknown and sold-out pins, a show not live', async () => {
    const { streamId } = await insertShow(t, host.id);
    const item = await pinned(streamId, 800, 1, 'Saffron');
    expect((await buy(streamId, item.id, null)).json()).toEqual(LOGGED_OUT);
    expect((await buy(streamId, item.id, unverified)).json()).toEqual(UNVERIFIED);
    expect((await buy(streamId, item.id, host)).json()).toEqual(apiError('FORBIDDEN', MSG.hostCannotBuy));
    expect((await buy(streamId, crypto.randomUUID())).json()).toEqual(apiError('NOT_FOUND', MSG.pinNotFound));
    expect((await buy(streamId, item.id)).statusCode).toBe(201);
    expect((await buy(streamId, item.id, other)).json()).toEqual(apiError('CONFLICT', MSG.pinSoldOut));

    // Pinning: the host's own products only, once each, at most PINS_MAX.
    const mine = await insertProduct(t, host.id);
    const theirs = await insertProduct(t, other.id);
    expect((await pin(streamId, { productId: mine, price: 100, stock: 1 }, null)).json()).toEqual(LOGGED_OUT);
    expect((await pin(streamId, { productId: mine, price: 100, stock: 1 }, other)).json()).toEqual(
      apiError('FORBIDDEN', MSG.notStreamHost),
    );
    expect((await pin(streamId, { productId: theirs, price: 100, stock: 1 })).json()).toEqual(
      apiError('FORBIDDEN', MSG.notProductOwner),
    );
    expect((await pin(streamId, { productId: item.product.id, price: 100, stock: 1 })).json()).toEqual(
      apiError('CONFLICT', MSG.alreadyPinned),
    );
    expect((await pin(streamId, { productId: mine, price: 100, stock: 1000 })).statusCode).toBe(400);
    expect((await pin(crypto.randomUUID(), { productId: mine, price: 100, stock: 1 })).json()).toEqual(
      apiError('NOT_FOUND', MSG.streamNotFound),
    );
    for (let i = (await pins.pinsOf(streamId)).length; i < PINS_MAX; i++) await pinned(streamId, 100, 1, `Item ${i}`);
    expect((await pin(streamId, { productId: mine, price: 100, stock: 1 })).json()).toEqual(
      apiError('CONFLICT', MSG.pinsFull),
    );

    // Unpinning: the host only; an unpinned item cannot be bought.
    const unpin = (user: TestUser) => call(t, 'DELETE', `/api/streams/${streamId}/pins/${item.id}`, { user });
    expect((await unpin(other)).json()).toEqual(apiError('FORBIDDEN', MSG.notStreamHost));
    expect((await unpin(host)).json()).toEqual({ ok: true });
    expect((await unpin(host)).json()).toEqual(apiError('NOT_FOUND', MSG.pinNotFound));
    expect((await buy(streamId, item.id, other)).json()).toEqual(apiError('NOT_FOUND', MSG.pinNotFound));

    const scheduled = await insertShow(t, host.id, 'scheduled');
    const early = await pinned(scheduled.streamId, 100, 2, 'Early');
    expect((await buy(scheduled.streamId, early.id)).json()).toEqual(apiError('CONFLICT', MSG.showNotLiveYet));
    await t.database.db.updateTable('streams').set({ status: 'ended' }).where('id', '=', scheduled.streamId).execute();
    expect((await buy(scheduled.streamId, early.id)).json()).toEqual(apiError('CONFLICT', MSG.streamNotLive));
    expect((await pin(scheduled.streamId, { productId: mine, price: 100, stock: 1 })).json()).toEqual(
      apiError('CONFLICT', MSG.streamNotLive),
    );
  });

  it('announces every change to the room as show:pins', async () => {
    const { streamId } = await insertShow(t, host.id);
    events.length = 0;
    const item = await pinned(streamId, 300, 2, 'Incense');
    await buy(streamId, item.id);
    const announced = events.filter(
      (e): e is Extract<DomainEvent, { type: 'stream.pins' }> => e.type === 'stream.pins',
    );
    expect(announced.map((e) => e.pins.map((p) => p.sold))).toEqual([[0], [1]]);

    const sent: unknown[] = [];
    const out = { to: (room: string) => ({ emit: (...args: unknown[]) => sent.push([room, ...args]) }) };
    await pinsSocket().onEvent!(announced[1]!, out as unknown as RealtimeOut);
    expect(sent).toEqual([[`stream:${streamId}`, 'show:pins', { streamId, pins: announced[1]!.pins }]]);
  });
});
