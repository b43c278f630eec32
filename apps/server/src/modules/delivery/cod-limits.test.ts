import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG,
  codBlockedUntil,
  codOrderTooLarge,
  codTooManyOpen,
  suspensionDay,
  type CodQueue,
  type CodStanding,
  type LineDelivery,
} from '@souq/shared';
import { ADDRESS, HOUR, makeStaff, moveLine, notificationsOf, placeOrder } from '../../../test/aftersale-support.js';
import { call, createUser, insertProduct, type TestUser } from '../../../test/catalog-support.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from '../../../test/support.js';
import { createFakeClock } from '../../lib/clock.js';

const DAY = 24 * HOUR;
const COD = { maxOrderFils: 650_000, maxOpenOrders: 5, maxRefusals: 2 };

/** Issue 46: cash on delivery's limits: an order's size, a buyer's open orders, refusals at the door. */
describe.each(DIALECTS)('cash on delivery’s limits (%s)', (dialect) => {
  const clock = createFakeClock('2026-11-02T08:00:00.000Z');
  let t: TestApp;
  let seller: TestUser;
  let staff: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect, { cod: COD }, { clock });
    [seller, staff] = await Promise.all([createUser(t), createUser(t)]);
    await makeStaff(t, staff.id);
  });
  afterAll(() => t.close());

  const product = (price = 10_000) => insertProduct(t, seller.id, { title: 'Saffron, 10 g', price });
  const checkout = async (buyer: TestUser, productId: string) =>
    call(t, 'POST', '/api/orders', {
      user: buyer,
      headers: { 'idempotency-key': `k-${crypto.randomUUID()}` },
      json: { lines: [{ productId, quantity: 1 }], address: ADDRESS },
    });
  const standing = async (buyer: TestUser) =>
    (await call(t, 'GET', '/api/me/cod', { user: buyer })).json() as CodStanding;
  const ordersOf = async (buyer: TestUser) =>
    (await t.database.db.selectFrom('orders').select('id').where('buyer_id', '=', buyer.id).execute()).length;

  /** A shipped line the seller then records as refused at the door. */
  async function refusedLine(buyer: TestUser): Promise<string> {
    const order = await placeOrder(t, buyer, [await product()]);
    const lineId = order.lines[0]!.id;
    await moveLine(t, seller, lineId, ['placed', 'confirmed', 'shipped']);
    const res = await call(t, 'POST', `/api/sales/${lineId}/attempts`, {
      user: seller,
      json: { outcome: 'refused', reason: 'Did not want it any more' },
    });
    return (res.json() as LineDelivery).attempts.at(-1)!.id;
  }

  it('refuses an order over COD_MAX_AED, writing nothing', async () => {
    const buyer = await createUser(t);
    const res = await checkout(buyer, await product(619_100));
    expect(res.json()).toEqual(apiError('CONFLICT', codOrderTooLarge('AED 6,500.00')));
    expect(await ordersOf(buyer)).toBe(0);
  });

  it('places exactly up to COD_MAX_OPEN_ORDERS when 10 checkouts race', async () => {
    const buyer = await createUser(t);
    for (let i = 0; i < 3; i++) expect((await checkout(buyer, await product())).statusCode).toBe(201);
    const items = await Promise.all(Array.from({ length: 10 }, () => product()));
    const results = await Promise.all(items.map((id) => checkout(buyer, id)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(2);
    for (const r of results.filter((r) => r.statusCode !== 201))
      expect(r.json()).toEqual(apiError('CONFLICT', codTooManyOpen(5)));
    expect(await ordersOf(buyer)).toBe(5);
    expect(await standing(buyer)).toMatchObject({
      allowed: false,
      openOrders: 5,
      maxOpenOrders: 5,
      blockedUntil: null,
    });
  });

  it('blocks checkout after two undisputed refusals in 90 days, says until when, and lifts when staff say so', async () => {
    const buyer = await createUser(t);
    const first = clock.iso();
    await refusedLine(buyer);
    clock.advance(DAY);
    await refusedLine(buyer);
    // Within the 48 hours to dispute, a refusal does not count yet.
    expect(await standing(buyer)).toMatchObject({ allowed: true, refusals: 0 });
    clock.advance(47 * HOUR);
    expect(await standing(buyer)).toMatchObject({ refusals: 1, blockedUntil: null });
    clock.advance(DAY);
    const until = new Date(Date.parse(first) + 90 * DAY).toISOString();
    expect(await standing(buyer)).toMatchObject({ allowed: false, refusals: 2, blockedUntil: until });
    const refused = await checkout(buyer, await product());
    expect(refused.json()).toEqual(apiError('FORBIDDEN', codBlockedUntil(suspensionDay(until))));
    const before = await ordersOf(buyer);

    const queue = (await call(t, 'GET', '/api/admin/cod', { user: staff })).json() as CodQueue;
    expect(queue.blocked).toContainEqual({
      buyer: { id: buyer.id, username: buyer.username },
      refusals: 2,
      blockedUntil: until,
    });
    const lift = (user: TestUser, reason = 'Courier confirmed a mix-up') =>
      call(t, 'POST', `/api/admin/cod-blocks/${buyer.id}/lift`, { user, json: { reason } });
    expect((await lift(buyer)).statusCode).toBe(403);
    expect((await lift(staff, '')).json()).toMatchObject({ error: { message: MSG.reasonRequired } });
    expect(await ordersOf(buyer)).toBe(before);
    expect((await lift(staff)).statusCode).toBe(200);
    expect((await lift(staff)).json()).toEqual(apiError('CONFLICT', MSG.codNotBlocked));
    const audit = await t.database.db
      .selectFrom('staff_actions')
      .selectAll()
      .where('target_id', '=', buyer.id)
      .execute();
    expect(audit).toEqual([expect.objectContaining({ action: 'lift_cod_block', staff_id: staff.id })]);
    expect((await checkout(buyer, await product())).statusCode).toBe(201);
    expect(await standing(buyer)).toMatchObject({ allowed: true, refusals: 0 });
  });

  it('counts a disputed refusal only once staff uphold it, and tells the buyer', async () => {
    const buyer = await createUser(t);
    await refusedLine(buyer);
    const disputed = await refusedLine(buyer);
    const dispute = await call(t, 'POST', `/api/delivery-attempts/${disputed}/dispute`, {
      user: buyer,
      json: { note: 'Nobody rang the bell; I was home.' },
    });
    expect(dispute.statusCode).toBe(200);
    clock.advance(49 * HOUR);
    expect(await standing(buyer)).toMatchObject({ refusals: 1, allowed: true });
    const queue = (await call(t, 'GET', '/api/admin/cod', { user: staff })).json() as CodQueue;
    expect(queue.disputes).toContainEqual(
      expect.objectContaining({
        id: disputed,
        title: 'Saffron, 10 g',
        buyer: { id: buyer.id, username: buyer.username },
      }),
    );
    const decide = (json: unknown, user = staff) =>
      call(t, 'POST', `/api/admin/refusals/${disputed}/decide`, { user, json });
    expect((await decide({ decision: 'maybe', note: 'Checked the log' })).statusCode).toBe(400);
    expect((await decide({ decision: 'stands', note: 'Checked the log' }, buyer)).statusCode).toBe(403);
    expect((await decide({ decision: 'stands', note: 'The courier’s photo shows the door.' })).statusCode).toBe(200);
    expect((await decide({ decision: 'withdrawn', note: 'Changed our mind' })).json()).toEqual(
      apiError('CONFLICT', MSG.refusalNotDisputed),
    );
    expect(await standing(buyer)).toMatchObject({ refusals: 2, allowed: false });
    expect((await notificationsOf(t, buyer.id)).filter((n) => n.kind === 'refusal_decided')).toEqual([
      expect.objectContaining({ title: 'Your dispute was decided: Saffron, 10 g' }),
    ]);
  });

  it('forgets refusals older than 90 days', async () => {
    const buyer = await createUser(t);
    await refusedLine(buyer);
    await refusedLine(buyer);
    clock.advance(3 * DAY);
    expect(await standing(buyer)).toMatchObject({ allowed: false });
    clock.advance(87 * DAY);
    // A session lasts 30 days: a new one, as the buyer would sign in again.
    const again = { ...buyer, cookie: `souq_sid=${(await t.accounts.createSession(buyer.id)).token}` };
    expect(await standing(again)).toMatchObject({ allowed: true, refusals: 0 });
  });
});
