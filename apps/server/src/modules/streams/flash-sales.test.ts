import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Order, type PinCard } from '@souq/shared';
import { call, createCrowd, createUser, insertProduct, type TestUser } from '../../../test/catalog-support.js';
import { insertShow } from '../../../test/show-support.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from '../../../test/support.js';
import { createFakeClock } from '../../lib/clock.js';

const START = '2026-11-02T08:00:00.000Z';

describe.each(DIALECTS)('Flash sales in a show (%s)', (dialect) => {
  let t: TestApp;
  let host: TestUser;
  let buyer: TestUser;
  const clock = createFakeClock(START);

  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
    [host, buyer] = await Promise.all([createUser(t), createUser(t)]);
  });
  afterAll(() => t.close());

  const pin = (streamId: string, body: unknown, user: TestUser = host) =>
    call(t, 'POST', `/api/streams/${streamId}/pins`, { user, json: body });
  const buy = (streamId: string, pinId: string, user: TestUser = buyer) =>
    call(t, 'POST', `/api/streams/${streamId}/pins/${pinId}/buy`, { user });
  const product = (price = 10_000, title = 'Saffron tin') => insertProduct(t, host.id, { title, price });
  const pinCount = async (streamId: string) =>
    (await t.database.db.selectFrom('stream_pins').select('id').where('stream_id', '=', streamId).execute()).length;
  const flash = async (streamId: string, body: Record<string, unknown>) => {
    const res = await pin(streamId, { productId: await product(), price: 7_500, stock: 3, ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as PinCard;
  };

  it('pins a flash sale below the shop price, its countdown on the server clock; Arabic digits accepted', async () => {
    const { streamId } = await insertShow(t, host.id);
    const card = await flash(streamId, { flashSeconds: '٣٠', perBuyer: '٢' });
    expect(card).toMatchObject({
      price: 7_500,
      stock: 3,
      sold: 0,
      flash: { endsAt: clock.iso(30_000), perBuyer: 2, listPrice: 10_000 },
    });
    const plain = await pin(streamId, { productId: await product(), price: 500 });
    expect((plain.json() as PinCard).flash).toBeNull();
  });

  it('refuses bad flash sales with a 4xx and pins nothing', async () => {
    const { streamId } = await insertShow(t, host.id);
    const productId = await product(10_000);
    const bad: Array<[Record<string, unknown>, string, string]> = [
      [{ flashSeconds: 9 }, 'flashSeconds', MSG.flashSecondsRange],
      [{ flashSeconds: 301 }, 'flashSeconds', MSG.flashSecondsRange],
      [{ flashSeconds: 12.5 }, 'flashSeconds', MSG.flashSecondsRange],
      [{ flashSeconds: 'soon' }, 'flashSeconds', MSG.flashSecondsRange],
      [{ flashSeconds: -30 }, 'flashSeconds', MSG.flashSecondsRange],
      [{ flashSeconds: 30, perBuyer: 0 }, 'perBuyer', MSG.flashPerBuyerRange],
      [{ flashSeconds: 30, perBuyer: 4 }, 'perBuyer', MSG.flashPerBuyerRange],
      [{ perBuyer: 1 }, 'perBuyer', MSG.flashPerBuyerRange],
      [{ flashSeconds: 30, price: 0 }, 'price', MSG.pricePositive],
      [{ flashSeconds: 30, price: 99.5 }, 'price', MSG.pricePositive],
      [{ flashSeconds: 30, price: 10_000 }, 'price', MSG.flashPriceNotLower],
      [{ flashSeconds: 30, price: 12_000 }, 'price', MSG.flashPriceNotLower],
    ];
    for (const [body, field, message] of bad) {
      const res = await pin(streamId, { productId, price: 7_500, stock: 3, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect((res.json() as { error: { fields: Record<string, string> } }).error.fields[field]).toBe(message);
    }
    const scheduled = await insertShow(t, host.id, 'scheduled');
    expect((await pin(scheduled.streamId, { productId, price: 7_500, flashSeconds: 30 })).json()).toEqual(
      apiError('CONFLICT', MSG.flashNeedsLive),
    );
    expect(await pinCount(streamId)).toBe(0);
    expect(await pinCount(scheduled.streamId)).toBe(0);
  });

  it('holds each buyer to the limit and ends on the server clock; refusals sell nothing', async () => {
    const { streamId } = await insertShow(t, host.id);
    const card = await flash(streamId, { flashSeconds: 20, perBuyer: 1 });
    expect((await buy(streamId, card.id)).statusCode).toBe(201);
    expect((await buy(streamId, card.id)).json()).toEqual(apiError('CONFLICT', MSG.flashLimitReached));
    const other = await createUser(t);
    clock.advance(19_999);
    expect((await buy(streamId, card.id, other)).statusCode).toBe(201);
    clock.advance(1);
    const late = await createUser(t);
    expect((await buy(streamId, card.id, late)).json()).toEqual(apiError('CONFLICT', MSG.flashEnded));
    const row = await t.database.db
      .selectFrom('stream_pins')
      .select('sold')
      .where('id', '=', card.id)
      .executeTakeFirst();
    expect(row?.sold).toBe(2);
    const orders = (await call(t, 'GET', '/api/orders', { user: buyer })).json() as Order[];
    expect(orders.filter((o) => o.lines.some((l) => l.unitPrice === 7_500 && l.title === 'Saffron tin'))).toHaveLength(
      1,
    );
  });

  it('sells exactly 3 units to 20 buyers rushing a flash sale, one each, never a 5xx', async () => {
    const { streamId } = await insertShow(t, host.id);
    const card = await flash(streamId, { flashSeconds: 60, perBuyer: 1 });
    const crowd = await createCrowd(t, 20);
    // Each buyer taps twice: the limit holds under the rush as the stock does.
    const answers = await Promise.all(crowd.flatMap((u) => [buy(streamId, card.id, u), buy(streamId, card.id, u)]));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c !== 201 && c !== 409)).toEqual([]);
    const buyers = await t.database.db
      .selectFrom('stream_pin_buyers')
      .select(['buyer_id', 'units'])
      .where('pin_id', '=', card.id)
      .execute();
    expect(buyers.map((b) => Number(b.units))).toEqual([1, 1, 1]);
    const lines = await t.database.db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select('orders.buyer_id')
      .where('orders.stream_id', '=', streamId)
      .execute();
    expect(new Set(lines.map((l) => l.buyer_id))).toEqual(new Set(buyers.map((b) => b.buyer_id)));
    expect(lines).toHaveLength(3);
  });
});
