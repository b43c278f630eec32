import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Order, type Sale } from '@souq/shared';
import { HOUR, moveLine, notificationsOf, placeOrder } from '../../../test/aftersale-support.js';
import { call, createUser, insertProduct, type TestUser } from '../../../test/catalog-support.js';
import { readOutbox } from '../../../test/outbox.js';
import { DIALECTS, apiError, eventually, startTestApp, type TestApp } from '../../../test/support.js';
import { createFakeClock } from '../../lib/clock.js';

describe.each(DIALECTS)('the shipping deadline (%s)', (dialect) => {
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

  const product = () => insertProduct(t, seller.id, { title: 'Oud burner', price: 15_000 });
  const cancel = (lineId: string, user: TestUser | null = buyer) =>
    call(t, 'POST', `/api/order-lines/${lineId}/cancel`, { user });
  const myLine = async (lineId: string) =>
    ((await call(t, 'GET', '/api/orders', { user: buyer })).json() as Order[])
      .flatMap((o) => o.lines)
      .find((l) => l.id === lineId)!;
  const sale = async (lineId: string) =>
    ((await call(t, 'GET', '/api/sales', { user: seller })).json() as Sale[]).find((s) => s.id === lineId)!;
  const tellLate = () => t.jobs.runNow('aftersale.tell-late');

  it('gives every line a deadline SHIP_WITHIN_HOURS after the order, then tells the buyer once and lets them cancel', async () => {
    const order = await placeOrder(t, buyer, [await product()]);
    const lineId = order.lines[0]!.id;
    expect(order.lines[0]).toMatchObject({ shipBy: clock.iso(72 * HOUR), late: false, sellerId: seller.id });

    // 1 ms before the deadline: not late, nobody told, no cancelling.
    clock.advance(72 * HOUR - 1);
    await tellLate();
    expect((await cancel(lineId)).json()).toEqual(apiError('CONFLICT', MSG.lineNotLate));
    expect(await sale(lineId)).toMatchObject({ late: false });
    expect((await notificationsOf(t, buyer.id)).filter((n) => n.kind === 'shipping_late')).toEqual([]);

    clock.advance(1);
    expect(await sale(lineId)).toMatchObject({ late: true, status: 'placed' });
    expect(await myLine(lineId)).toMatchObject({ late: true });
    await tellLate();
    await tellLate();
    const told = (await notificationsOf(t, buyer.id)).filter((n) => n.kind === 'shipping_late');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ title: '"Oud burner" is late', link: '/MyAccount?tab=orders' });
    const lateMails = () =>
      readOutbox(t.config.dataDir).filter((m) => m.to.includes(buyer.email) && !m.subject.includes('placed'));
    const mailed = await eventually(() => {
      expect(lateMails()).toHaveLength(1);
      return lateMails();
    });
    expect(mailed).toEqual([
      expect.objectContaining({ links: expect.arrayContaining(['http://localhost:3000/MyAccount?tab=orders']) }),
    ]);

    // Only the buyer: the seller and anyone else are told there is no such line of theirs.
    expect((await cancel(lineId, other)).json()).toEqual(apiError('NOT_FOUND', MSG.lineNotFound));
    expect((await cancel(lineId, seller)).json()).toEqual(apiError('NOT_FOUND', MSG.lineNotFound));
    expect((await cancel(lineId, null)).statusCode).toBe(401);
    const done = await cancel(lineId);
    expect(done.statusCode).toBe(200);
    expect(await myLine(lineId)).toMatchObject({ status: 'cancelled', late: false });
    expect((await cancel(lineId)).json()).toEqual(apiError('CONFLICT', MSG.lineAlreadyShipped));
    const sellerNews = (await notificationsOf(t, seller.id)).filter((n) => n.kind === 'line_cancelled');
    expect(sellerNews).toEqual([expect.objectContaining({ link: '/MyAccount?tab=sales' })]);
  });

  it('the job sleeps until the next deadline, so a short SHIP_WITHIN_HOURS is told in time', async () => {
    await tellLate();
    await placeOrder(t, buyer, [await product()]);
    const next = await t.services.aftersale.shipping.tellLate();
    expect(next).toBe(72 * HOUR);
    clock.advance(72 * HOUR);
    expect(await t.services.aftersale.shipping.tellLate()).toBeUndefined();
  });

  it('a line shipped in time is never late and cannot be cancelled by the buyer', async () => {
    const order = await placeOrder(t, buyer, [await product()]);
    const lineId = order.lines[0]!.id;
    await moveLine(t, seller, lineId, ['placed', 'confirmed', 'shipped']);
    clock.advance(73 * HOUR);
    await tellLate();
    expect(await sale(lineId)).toMatchObject({ late: false, status: 'shipped' });
    expect((await cancel(lineId)).json()).toEqual(apiError('CONFLICT', MSG.lineAlreadyShipped));
  });

  it('a seller may still ship a late line, and then the buyer can no longer cancel it', async () => {
    const order = await placeOrder(t, buyer, [await product()]);
    const lineId = order.lines[0]!.id;
    clock.advance(72 * HOUR);
    await moveLine(t, seller, lineId, ['placed', 'confirmed', 'shipped']);
    expect((await cancel(lineId)).json()).toEqual(apiError('CONFLICT', MSG.lineAlreadyShipped));
  });

  it('a won order gets its deadline when the winner gives the address', async () => {
    const order = await placeOrder(t, buyer, [await product()]);
    expect(order.lines[0]!.shipBy).toBe(clock.iso(72 * HOUR));
    // An auction's order has no deadline until its address: the seller cannot ship what has nowhere to go.
    const lineId = order.lines[0]!.id;
    await t.database.db.updateTable('orders').set({ status: 'awaiting_address' }).where('id', '=', order.id).execute();
    await t.database.db.updateTable('order_lines').set({ ship_by: null }).where('id', '=', lineId).execute();
    clock.advance(5 * HOUR);
    const res = await call(t, 'POST', `/api/orders/${order.id}/address`, {
      user: buyer,
      json: { emirate: 'Sharjah', area: 'Al Majaz', street: 'Corniche Street 3', phone: '0501234567' },
    });
    expect(res.statusCode).toBe(200);
    expect(await myLine(lineId)).toMatchObject({ shipBy: clock.iso(72 * HOUR), late: false });
  });

  it('a buyer cancelling and the seller shipping in the same instant: exactly one wins, every time', async () => {
    const orders = await Promise.all(Array.from({ length: 6 }, async () => placeOrder(t, buyer, [await product()])));
    const lines = orders.map((o) => o.lines[0]!.id);
    for (const id of lines) await moveLine(t, seller, id, ['placed', 'confirmed']);
    clock.advance(72 * HOUR);
    const results = await Promise.all(
      lines.map(async (id) => {
        const [cancelled, shipped] = await Promise.all([
          cancel(id),
          call(t, 'POST', `/api/sales/${id}/status`, { user: seller, json: { from: 'confirmed', status: 'shipped' } }),
        ]);
        return { id, statuses: [cancelled.statusCode, shipped.statusCode].sort() };
      }),
    );
    for (const r of results) {
      expect(r.statuses).toEqual([200, 409]);
      const line = await myLine(r.id);
      expect(['cancelled', 'shipped']).toContain(line.status);
    }
  });
});
