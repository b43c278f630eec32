import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type LineDelivery, type MyDeliveries, type Order } from '@souq/shared';
import { HOUR, moveLine, notificationsOf, placeOrder } from '../../../test/aftersale-support.js';
import { call, createUser, insertProduct, type TestUser } from '../../../test/catalog-support.js';
import { readOutbox } from '../../../test/outbox.js';
import { DIALECTS, apiError, eventually, startTestApp, type TestApp } from '../../../test/support.js';
import { createFakeClock } from '../../lib/clock.js';

const SHIP = ['placed', 'confirmed', 'shipped'] as const;

/** Issue 46: each delivery attempt the seller records, what the buyer is told, and how they answer. */
describe.each(DIALECTS)('delivery attempts (%s)', (dialect) => {
  const clock = createFakeClock('2026-11-02T08:00:00.000Z');
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
    [seller, buyer, other] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
  });
  afterAll(() => t.close());

  /** A line of the buyer's, moved by the seller along `path`. */
  async function line(path: readonly string[] = SHIP, who = buyer): Promise<{ order: Order; id: string }> {
    const product = await insertProduct(t, seller.id, { title: 'Dallah coffee pot', price: 20_000 });
    const order = await placeOrder(t, who, [product]);
    const id = order.lines[0]!.id;
    await moveLine(t, seller, id, [...path] as never);
    return { order, id };
  }
  const record = (lineId: string, json: unknown, user: TestUser | null = seller) =>
    call(t, 'POST', `/api/sales/${lineId}/attempts`, { user, json });
  const attempts = async () => t.database.db.selectFrom('delivery_attempts').selectAll().orderBy('id').execute();
  const lineStatus = async (id: string) =>
    (await t.database.db.selectFrom('order_lines').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;

  it('records a failed attempt and tells the buyer in their language, by bell and by mail', async () => {
    const arabic = await createUser(t);
    await t.database.db.updateTable('users').set({ locale: 'ar' }).where('id', '=', arabic.id).execute();
    const mails = () => readOutbox(t.config.dataDir).filter((m) => m.to.includes(arabic.email));
    const { id } = await line(SHIP, arabic);
    const mailsBefore = await eventually(() => {
      expect(mails()).toHaveLength(1); // the order's confirmation
      return mails().length;
    });
    const res = await record(id, { outcome: 'not_reachable' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      lineId: id,
      title: 'Dallah coffee pot',
      failedAttempts: 1,
      canCancelAsFailed: false,
      attempts: [{ outcome: 'not_reachable', reason: '', reply: null, dispute: null, disputeUntil: null }],
    });
    const news = (await notificationsOf(t, arabic.id)).filter((n) => n.kind === 'delivery_failed');
    expect(news).toEqual([
      expect.objectContaining({ title: 'تعذّر توصيل Dallah coffee pot', link: '/MyAccount?tab=orders' }),
    ]);
    await eventually(() => {
      expect(mails()).toHaveLength(mailsBefore + 1);
      expect(mails().at(-1)!.links).toContain('http://localhost:3000/MyAccount?tab=orders');
    });
  });

  it('moves the line to delivered when the attempt delivers it, and tells nobody', async () => {
    const { id } = await line();
    const before = (await notificationsOf(t, buyer.id)).length;
    expect((await record(id, { outcome: 'delivered' })).json()).toMatchObject({ failedAttempts: 0 });
    expect(await lineStatus(id)).toBe('delivered');
    expect(await notificationsOf(t, buyer.id)).toHaveLength(before);
  });

  it.each([
    ['an outcome that is not one', { outcome: 'lost' }, 400, MSG.chooseDeliveryOutcome],
    ['no outcome', {}, 400, MSG.chooseDeliveryOutcome],
    ['a refusal without the reason', { outcome: 'refused', reason: '  ' }, 400, MSG.refusalReasonRequired],
    ['a reason too long', { outcome: 'refused', reason: 'x'.repeat(301) }, 400, MSG.attemptReasonTooLong],
  ])('refuses %s with %s and its words, writing nothing', async (_case, body, status, message) => {
    const { id } = await line();
    const before = await attempts();
    const res = await record(id, body);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ error: { message } });
    expect(await attempts()).toEqual(before);
    expect(await lineStatus(id)).toBe('shipped');
  });

  it('is the seller’s alone, and only on a line out for delivery', async () => {
    const shipped = await line();
    const placed = await line(['placed']);
    const delivered = await line([...SHIP, 'delivered']);
    const cancelled = await line(['placed', 'cancelled']);
    const unverified = await createUser(t, { verified: false });
    const before = await attempts();
    const body = { outcome: 'refused', reason: 'Did not want it' };
    expect((await record(shipped.id, body, null)).statusCode).toBe(401);
    expect((await record(shipped.id, body, unverified)).statusCode).toBe(403);
    for (const who of [buyer, other])
      expect((await record(shipped.id, body, who)).json()).toEqual(apiError('NOT_FOUND', MSG.saleNotFound));
    expect((await record('not-a-line', body)).statusCode).toBe(404);
    expect((await record(placed.id, body)).json()).toEqual(apiError('CONFLICT', MSG.attemptNeedsShipped));
    expect((await record(delivered.id, body)).json()).toEqual(apiError('CONFLICT', MSG.attemptOnFinished));
    expect((await record(cancelled.id, body)).json()).toEqual(apiError('CONFLICT', MSG.attemptOnFinished));
    expect(await attempts()).toEqual(before);
  });

  it('lets the seller cancel as "Delivery failed" after two failed attempts, with a credit note', async () => {
    const { id, order } = await line();
    const cancelFailed = (user: TestUser = seller) => call(t, 'POST', `/api/sales/${id}/delivery-failed`, { user });
    await record(id, { outcome: 'wrong_address' });
    expect((await cancelFailed()).json()).toEqual(apiError('CONFLICT', MSG.deliveryFailedTooEarly));
    const second = (await record(id, { outcome: 'not_reachable' })).json() as LineDelivery;
    expect(second).toMatchObject({ failedAttempts: 2, canCancelAsFailed: true });
    expect((await cancelFailed(buyer)).json()).toEqual(apiError('NOT_FOUND', MSG.saleNotFound));
    const done = await cancelFailed();
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ deliveryFailed: true, canCancelAsFailed: false });
    expect(await lineStatus(id)).toBe('cancelled');
    const documents = ((await call(t, 'GET', '/api/orders', { user: buyer })).json() as Order[]).find(
      (o) => o.id === order.id,
    )!.documents;
    expect(documents.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    expect((await cancelFailed()).json()).toEqual(apiError('CONFLICT', MSG.attemptOnFinished));
    expect(
      (await notificationsOf(t, buyer.id)).filter((n) => n.title.startsWith('Cancelled after failed')),
    ).toHaveLength(1);
  });

  it('lets the buyer answer a failed attempt once, putting the address right', async () => {
    const { id, order } = await line();
    const attempt = ((await record(id, { outcome: 'wrong_address', reason: 'No such villa' })).json() as LineDelivery)
      .attempts[0]!;
    const reply = (json: unknown, user: TestUser = buyer) =>
      call(t, 'POST', `/api/delivery-attempts/${attempt.id}/reply`, { user, json });
    const address = {
      emirate: 'Dubai',
      area: 'Al Barsha 1',
      street: 'Street 21',
      building: 'Villa 14',
      phone: '050 123 4567',
      location: { latitude: 25.1131, longitude: 55.2003 },
    };
    expect((await reply({ note: 'ok' })).json()).toMatchObject({ error: { message: MSG.deliveryReplyRequired } });
    expect((await reply({ note: 'After 6 pm please', address: { ...address, phone: '04 234 5678' } })).statusCode).toBe(
      400,
    );
    expect((await reply({ note: 'After 6 pm please' }, other)).json()).toEqual(
      apiError('NOT_FOUND', MSG.attemptNotFound),
    );
    expect((await reply({ note: 'After 6 pm please' }, seller)).json()).toEqual(
      apiError('NOT_FOUND', MSG.attemptNotFound),
    );
    const answered = await reply({ note: 'After 6 pm please', address });
    expect(answered.statusCode).toBe(200);
    expect((answered.json() as LineDelivery).attempts[0]!.reply).toMatchObject({
      note: 'After 6 pm please',
      addressChanged: true,
    });
    const sale = (await call(t, 'GET', '/api/sales', { user: seller })).json() as Array<{
      id: string;
      delivery: unknown;
    }>;
    expect(sale.find((s) => s.id === id)!.delivery).toMatchObject({ building: 'Villa 14', street: 'Street 21' });
    expect((await reply({ note: 'Again, after 6' })).json()).toEqual(apiError('CONFLICT', MSG.replyTwice));
    const mine = (await call(t, 'GET', '/api/me/deliveries', { user: buyer })).json() as MyDeliveries;
    expect(mine.asBuyer.map((l) => l.orderId)).toContain(order.id);
  });

  it('lets the buyer dispute a refusal within 48 hours, once, and no other attempt', async () => {
    const { id } = await line();
    const refused = ((await record(id, { outcome: 'refused', reason: 'Changed my mind' })).json() as LineDelivery)
      .attempts[0]!;
    expect(refused.disputeUntil).toBe(clock.iso(48 * HOUR));
    const dispute = (attemptId: string, note = 'Nobody came to my door that day.') =>
      call(t, 'POST', `/api/delivery-attempts/${attemptId}/dispute`, { user: buyer, json: { note } });
    expect((await dispute(refused.id, 'short')).json()).toMatchObject({ error: { message: MSG.disputeNoteRequired } });
    clock.advance(48 * HOUR - 1);
    expect((await dispute(refused.id)).json()).toMatchObject({ attempts: [{ dispute: { decision: null } }] });
    expect((await dispute(refused.id)).json()).toEqual(apiError('CONFLICT', MSG.disputeTwice));

    const late = ((await record(id, { outcome: 'refused', reason: 'Again' })).json() as LineDelivery).attempts[1]!;
    clock.advance(48 * HOUR + 1);
    expect((await dispute(late.id)).json()).toEqual(apiError('CONFLICT', MSG.disputeTooLate));
    const missed = ((await record(id, { outcome: 'not_reachable' })).json() as LineDelivery).attempts[2]!;
    expect((await dispute(missed.id)).json()).toEqual(apiError('CONFLICT', MSG.disputeOnlyRefusal));
  });
});

describe.each(DIALECTS)('the seller’s delivery record (%s)', (dialect) => {
  // A Wednesday in the Gulf.
  const clock = createFakeClock('2026-11-04T08:00:00.000Z');
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
    [seller, buyer] = await Promise.all([createUser(t), createUser(t)]);
  });
  afterAll(() => t.close());

  async function shipped(): Promise<string> {
    const order = await placeOrder(t, buyer, [await insertProduct(t, seller.id, { price: 5_000 })]);
    await moveLine(t, seller, order.lines[0]!.id, [...SHIP]);
    return order.lines[0]!.id;
  }
  const record = (lineId: string, outcome: string) =>
    call(t, 'POST', `/api/sales/${lineId}/attempts`, { user: seller, json: { outcome, reason: 'At the door' } });

  it('counts attempts, first-attempt deliveries and refusals by Gulf week, Monday first', async () => {
    const [a, b, c] = [await shipped(), await shipped(), await shipped()];
    await record(a, 'delivered');
    await record(b, 'refused');
    await record(c, 'not_reachable');
    clock.advance(7 * 24 * HOUR);
    await record(c, 'delivered');
    const res = await call(t, 'GET', '/api/me/delivery-stats', { user: seller });
    expect(res.json()).toEqual({
      weeks: [
        { weekStart: '2026-11-02', attempts: 3, firstAttempts: 3, firstAttemptDelivered: 1, refusals: 1 },
        // c's second attempt delivered it, but not the first time.
        { weekStart: '2026-11-09', attempts: 1, firstAttempts: 0, firstAttemptDelivered: 0, refusals: 0 },
      ],
    });
    expect((await call(t, 'GET', '/api/me/delivery-stats', { user: buyer })).json()).toEqual({ weeks: [] });
    expect((await call(t, 'GET', '/api/me/delivery-stats', { user: null })).statusCode).toBe(401);
  });
});
