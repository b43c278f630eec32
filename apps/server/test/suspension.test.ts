import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS, MSG, type Endpoint } from '@souq/shared';
import { createFakeClock } from '../src/lib/clock.js';
import { ADDRESS, HOUR } from './aftersale-support.js';
import { AED } from './auction-support.js';
import { call, createUser, insertProduct, productForm, type TestUser } from './catalog-support.js';
import { insertLot } from './show-support.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from './support.js';

/**
 * The signed-in writes a suspended person may still make (issue 42): their own account and
 * settings, orders and disputes they are already part of, and taking their own things down.
 * Every other signed-in write reaches other people and is refused with the suspension message.
 */
const OPEN_WHILE_SUSPENDED = new Set([
  'PUT /api/me/locale',
  'POST /api/auth/logout-all',
  'POST /api/auth/resend-verification',
  'POST /api/auth/password',
  'PUT /api/me/tax-details',
  'POST /api/notifications/read',
  // Issue 48: one's own notification settings and devices reach no one else.
  'PUT /api/notifications/settings',
  'POST /api/push/subscriptions',
  'POST /api/push/subscriptions/state',
  'DELETE /api/push/subscriptions',
  'POST /api/feed/not-interested',
  'POST /api/saved-searches',
  'DELETE /api/saved-searches/:id',
  // One's own address book (issue 46): it reaches no one else.
  'POST /api/addresses',
  'PUT /api/addresses/:id',
  'DELETE /api/addresses/:id',
  'POST /api/addresses/:id/default',
  // A sale's delivery (issue 46): finishing what was already sold, as moving a line on is.
  'POST /api/sales/:id/attempts',
  'POST /api/sales/:id/delivery-failed',
  'POST /api/delivery-attempts/:id/reply',
  'POST /api/delivery-attempts/:id/dispute',
  'PUT /api/streams/:id/reminder',
  'DELETE /api/streams/:id/reminder',
  'POST /api/orders/quote',
  'POST /api/orders/:id/address',
  'POST /api/sales/:id/status',
  'POST /api/orders/:id/cancel-request',
  'POST /api/sales/:id/cancel-request',
  'POST /api/order-lines/:id/cancel',
  'POST /api/order-lines/:id/problem',
  'POST /api/problems/:id/answer',
  'POST /api/problems/:id/escalate',
  'DELETE /api/products/:id',
  'DELETE /api/products/:id/like',
  'DELETE /api/users/:id/follow',
  'POST /api/auctions/:id/cancel',
  'POST /api/streams/:id/end',
  'DELETE /api/streams/:id/lots/:lotId',
  'DELETE /api/streams/:id/pins/:pinId',
  // Replays (ADR 0055): a host may take their show's replay down.
  'DELETE /api/streams/:id/replay',
  'DELETE /api/me/moderators/:userId',
  'POST /api/second-chance/:id/decline',
  // Offers (ADR 0053): saying no to one, taking one's own back, and checking out a deal already made.
  'POST /api/offers/:id/decline',
  'POST /api/offers/:id/withdraw',
  'POST /api/offers/:id/checkout',
  // Data rights (issue 45): a suspended person may still download their data and delete their account.
  'POST /api/me/data-export',
  'POST /api/me/delete',
]);

const SUSPENDED = apiError('FORBIDDEN', MSG.accountSuspended);
const routeName = (e: Endpoint) => `${e.method} ${e.path}`;
const WRITES = ENDPOINTS.filter((e) => e.method !== 'GET');

describe.each(DIALECTS)('a suspended account (%s)', (dialect) => {
  const clock = createFakeClock();
  let t: TestApp;
  let host: TestUser;
  let suspect: TestUser;
  let viewer: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
    [host, suspect, viewer] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
  });
  afterAll(() => t.close());

  const suspend = (until: string | null) =>
    t.database.db
      .updateTable('users')
      .set({ suspended_until: until, suspended_reason: until ? 'Spam' : null })
      .where('id', '=', suspect.id)
      .execute();
  /** A session of the suspect's own for each request: signing out everywhere is one of the routes. */
  const freshSuspect = async () => ({
    ...suspect,
    cookie: `souq_sid=${(await t.accounts.createSession(suspect.id)).token}`,
  });

  it('the matrix: every signed-in write refuses them with the suspension message, but for the allow-list', async () => {
    await suspend(clock.iso(HOUR));
    for (const route of OPEN_WHILE_SUSPENDED)
      expect(WRITES.map(routeName), `${route} is a write route`).toContain(route);
    const wrong: string[] = [];
    for (const endpoint of WRITES) {
      const name = routeName(endpoint);
      const url = endpoint.path.replace(/:\w+/g, () => crypto.randomUUID());
      const res = await call(t, endpoint.method, url, { user: await freshSuspect(), json: {} });
      const refused = res.statusCode === 403 && res.json().error.message === MSG.accountSuspended;
      expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(500);
      if (endpoint.access === 'staff') expect(res.json(), name).toEqual(apiError('FORBIDDEN', MSG.staffOnly));
      // Anyone may make a public write, signed in or not: refusing the signed-in would mean nothing.
      else if (endpoint.access === 'public' || OPEN_WHILE_SUSPENDED.has(name)) {
        if (refused) wrong.push(`${name} refused`);
      } else if (!refused) wrong.push(`${name} answered ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('pre-bids, Buy It Now and moderating another host’s show are refused and change nothing; then open again', async () => {
    await suspend(null);
    const lotProduct = await insertProduct(t, host.id, { title: 'Lot' });
    const created = await call(t, 'POST', '/api/streams', {
      user: host,
      form: productForm(
        {
          title: 'Show',
          durationMinutes: '60',
          lots: JSON.stringify([
            { productId: lotProduct, startingBid: AED(100) },
            { productId: await insertProduct(t, host.id), startingBid: AED(100) },
          ]),
        },
        [],
      ),
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string }).id;
    const detail = (await call(t, 'GET', `/api/streams/${id}`, { user: host })).json() as { lots: { id: string }[] };
    const lotId = detail.lots[1]!.id;
    const pinned = await call(t, 'POST', `/api/streams/${id}/pins`, {
      user: host,
      json: { productId: await insertProduct(t, host.id, { price: 1 }), price: AED(20), stock: 3 },
    });
    expect(pinned.statusCode, pinned.body).toBe(201);
    const pinId = (pinned.json() as { id: string }).id;
    await t.database.db
      .insertInto('host_moderators')
      .values({ host_id: host.id, user_id: suspect.id, created_at: clock.iso() })
      .execute();

    const doors = (user: TestUser) => [
      call(t, 'PUT', `/api/streams/${id}/lots/${lotId}/prebid`, { user, json: { maxAmount: AED(300) } }),
      call(t, 'POST', `/api/streams/${id}/pins/${pinId}/buy`, { user }),
      call(t, 'POST', `/api/streams/${id}/muted/${viewer.id}`, { user }),
      call(t, 'POST', `/api/streams/${id}/removed/${viewer.id}`, { user }),
    ];
    const traces = async () =>
      JSON.stringify(
        await Promise.all([
          t.database.db.selectFrom('lot_prebids').selectAll().where('auction_id', '=', lotId).execute(),
          t.database.db.selectFrom('stream_pins').select('sold').where('id', '=', pinId).execute(),
          t.database.db.selectFrom('orders').select('id').where('buyer_id', '=', suspect.id).execute(),
          t.database.db.selectFrom('stream_mutes').selectAll().where('stream_id', '=', id).execute(),
          t.database.db.selectFrom('stream_bans').selectAll().where('stream_id', '=', id).execute(),
        ]),
      );

    await suspend(clock.iso(HOUR));
    const before = await traces();
    for (const res of await Promise.all(doors(await freshSuspect()))) expect(res.json()).toEqual(SUSPENDED);
    expect(await traces()).toBe(before);

    // The suspension ends by its date: the same doors open.
    clock.advance(HOUR + 1);
    expect((await Promise.all(doors(await freshSuspect()))).map((r) => r.statusCode)).toEqual([200, 201, 200, 200]);
  });

  it('completing their own won order stays open', async () => {
    await suspend(clock.iso(HOUR));
    const auctionId = await insertLot(t, crypto.randomUUID(), host.id, 'sold', suspect.id, { withStream: false });
    const orderId = await t.database.db.transaction().execute((trx) =>
      t.orders.createForAuction(trx, {
        auctionId,
        buyerId: suspect.id,
        sellerId: host.id,
        productId: null,
        title: 'A lot',
        imageKey: null,
        price: AED(50),
        streamId: null,
      }),
    );
    const res = await call(t, 'POST', `/api/orders/${orderId}/address`, { user: await freshSuspect(), json: ADDRESS });
    expect(res.statusCode, res.body).toBe(200);
  });
});
