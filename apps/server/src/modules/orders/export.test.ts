import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@souq/shared';
import { placeOrder } from '../../../test/aftersale-support.js';
import { call, createUser, insertProduct, type TestUser } from '../../../test/catalog-support.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from '../../../test/support.js';
import { createFakeClock } from '../../lib/clock.js';
import { EXPORT_PAGE_ROWS, exportCsv } from './export.js';
import { awaitingAddressOrder } from './queries.js';

const LOGGED_OUT = apiError('UNAUTHENTICATED', 'You must be logged in to perform this action.');
const BOM = [0xef, 0xbb, 0xbf];
const EN_ORDERS =
  'Order,Date (Gulf time),Status,Product,Quantity,Unit price (AED),Line total (AED),VAT (AED),Seller,Emirate\r\n';
const AR_SALES =
  'الطلب,التاريخ (بتوقيت الخليج),الحالة,المنتج,الكمية,سعر الوحدة (د.إ),الإجمالي (د.إ),ضريبة القيمة المضافة (د.إ),المشتري,الإمارة\r\n';
const ARABIC = 'ساعة يد فاخرة، أصلية';
const FORMULA = '=HYPERLINK("http://evil.example","click")';
const TRICKY = 'Lamp, brass\n"old"';
const no = (order: Order) => order.id.slice(0, 8).toUpperCase();

/** Orders and sales as CSV (issue 32): the rows, the quoting, the BOM, and only the person's own lines. */
describe.each(DIALECTS)('CSV exports (%s)', (dialect) => {
  let t: TestApp;
  const clock = createFakeClock('2026-11-27T21:30:00.000Z');
  let seller: TestUser;
  let otherSeller: TestUser;
  let buyer: TestUser;
  let otherBuyer: TestUser;
  let first: Order;
  let second: Order;
  let third: Order;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
    [seller, otherSeller, buyer, otherBuyer] = await Promise.all([
      createUser(t, { username: 'khalid_shop' }),
      createUser(t, { username: 'lamps_r_us' }),
      createUser(t, { username: 'amira' }),
      createUser(t, { username: 'omar' }),
    ]);
    const watch = await insertProduct(t, seller.id, { title: ARABIC, price: 12345 });
    const link = await insertProduct(t, seller.id, { title: FORMULA, price: 5000 });
    const lamp = await insertProduct(t, otherSeller.id, { title: TRICKY, price: 79900 });
    first = await placeOrder(t, buyer, [watch, lamp]);
    clock.advance(3_600_000);
    second = await placeOrder(t, buyer, [link]);
    // The same instant: the keyset's tie on created_at is broken by the order id.
    third = await placeOrder(t, otherBuyer, [watch]);
  });
  afterAll(() => t.close());

  const csvOf = (res: { rawPayload: Buffer }) => res.rawPayload.subarray(3).toString('utf8');
  const lineOf = (order: Order, productId: string) => order.lines.find((l) => l.productId === productId)!;

  it('refuses a visitor with 401 on both files', async () => {
    for (const url of ['/api/me/orders.csv', '/api/me/sales.csv']) {
      const res = await call(t, 'GET', url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(LOGGED_OUT);
    }
  });

  it('gives the buyer every line of their orders, newest first, as a dated UTF-8 attachment with a BOM; formulas neutralised, fields quoted', async () => {
    const res = await call(t, 'GET', '/api/me/orders.csv', { user: buyer });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    // 01:30 on the 28th in Gulf time: the file is named for the Gulf day.
    expect(res.headers['content-disposition']).toBe('attachment; filename="souq-orders-2026-11-28.csv"');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual(BOM);
    expect(lineOf(first, first.lines[0]!.productId).title).toBe(ARABIC);
    expect(csvOf(res)).toBe(
      EN_ORDERS +
        `${no(second)},2026-11-28 02:30,placed,"'=HYPERLINK(""http://evil.example"",""click"")",1,50.00,50.00,2.50,khalid_shop,Dubai\r\n` +
        `${no(first)},2026-11-28 01:30,placed,${ARABIC},1,123.45,123.45,6.17,khalid_shop,Dubai\r\n` +
        `${no(first)},2026-11-28 01:30,placed,"Lamp, brass\n""old""",1,799.00,799.00,39.95,lamps_r_us,Dubai\r\n`,
    );
  });

  it("gives the seller only their own lines (not another seller's in the same order), headed in their language", async () => {
    expect((await call(t, 'PUT', '/api/me/locale', { user: seller, json: { locale: 'ar' } })).statusCode).toBe(204);
    const res = await call(t, 'GET', '/api/me/sales.csv', { user: seller });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="souq-sales-2026-11-28.csv"');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual(BOM);
    const [newer, older] = [second, third].sort((a, b) => (a.id < b.id ? 1 : -1));
    const row = (order: Order) =>
      order === second
        ? `${no(second)},2026-11-28 02:30,placed,"'=HYPERLINK(""http://evil.example"",""click"")",1,50.00,50.00,2.50,amira,Dubai\r\n`
        : `${no(third)},2026-11-28 02:30,placed,${ARABIC},1,123.45,123.45,6.17,omar,Dubai\r\n`;
    expect(csvOf(res)).toBe(
      AR_SALES +
        row(newer!) +
        row(older!) +
        `${no(first)},2026-11-28 01:30,placed,${ARABIC},1,123.45,123.45,6.17,amira,Dubai\r\n`,
    );
    expect(csvOf(res)).not.toContain('Lamp');
  });

  it('reads the same rows a page at a time as in one page (the keyset skips and repeats nothing)', async () => {
    for (const [side, person] of [
      ['seller', seller],
      ['buyer', buyer],
      ['seller', otherSeller],
    ] as const) {
      const whole: string[] = [];
      for await (const chunk of exportCsv(t.database.db, side, person.id, 'en')) whole.push(chunk);
      const paged: string[] = [];
      for await (const chunk of exportCsv(t.database.db, side, person.id, 'en', 1)) paged.push(chunk);
      expect(paged.join('')).toBe(whole.join(''));
      expect(paged.length).toBe(whole.join('').split('\r\n').length - 1);
    }
  });

  it('streams a seller with more lines than several pages hold, every line once, newest first', async () => {
    const bulkSeller = await createUser(t, { username: 'bulk_seller' });
    const count = EXPORT_PAGE_ROWS * 2 + 37;
    const base = Date.parse('2026-10-01T08:00:00.000Z');
    const orders = Array.from({ length: count }, (_, i) => ({
      // Pairs of orders share an instant, so page edges fall on ties as well.
      ...awaitingAddressOrder({
        id: crypto.randomUUID(),
        buyerId: buyer.id,
        idempotencyKey: `bulk-${i}`,
        subtotal: 100 + i,
        vat: 5,
        createdAt: new Date(base + Math.floor(i / 2) * 60_000).toISOString(),
        auctionId: null,
      }),
      status: 'placed',
      emirate: 'Sharjah',
    }));
    for (let i = 0; i < count; i += 200) {
      const batch = orders.slice(i, i + 200);
      await t.database.db.insertInto('orders').values(batch).execute();
      await t.database.db
        .insertInto('order_lines')
        .values(
          batch.map((o) => ({
            id: crypto.randomUUID(),
            order_id: o.id,
            position: 0,
            product_id: null,
            seller_id: bulkSeller.id,
            title: `Item ${o.idempotency_key}`,
            image_key: null,
            unit_price: o.subtotal,
            quantity: 1,
            line_total: o.subtotal,
            status_at: null,
          })),
        )
        .execute();
    }
    const res = await call(t, 'GET', '/api/me/sales.csv', { user: bulkSeller });
    expect(res.statusCode).toBe(200);
    const rows = csvOf(res).split('\r\n').slice(1, -1);
    expect(rows).toHaveLength(count);
    const keys = rows.map((r) => r.split(',')[3]);
    expect(new Set(keys).size).toBe(count);
    expect(rows.at(-1)).toMatch(/^[0-9A-F-]{8},2026-10-01 12:00,placed,Item bulk-[01],1,/);
  });

  it("apportions each invoice's VAT over its lines, so both files add up to the invoice and My Orders to the fils", async () => {
    const [shop, shopper] = await Promise.all([
      createUser(t, { username: 'abaya_house' }),
      createUser(t, { username: 'noura' }),
    ]);
    const abaya = await insertProduct(t, shop.id, { title: 'Abaya', price: 4550 });
    const scarf = await insertProduct(t, shop.id, { title: 'Scarf', price: 1999 });
    const order = await placeOrder(t, shopper, [abaya, scarf]);
    // 5% of AED 65.49 is AED 3.2745: the invoice and My Orders charge AED 3.27, not 2.28 + 1.00.
    expect(order).toMatchObject({ subtotal: 6549, vat: 327, total: 6876 });
    const invoices = (await call(t, 'GET', `/api/orders/${order.id}/invoices`, { user: shop })).json();
    expect(invoices).toEqual([expect.objectContaining({ total: 6876 })]);

    const vatColumn = (csv: string) =>
      csv
        .split('\r\n')
        .filter((r) => r.startsWith(no(order)))
        .map((r) => r.split(',')[7]);
    for (const [url, user] of [
      ['/api/me/sales.csv', shop],
      ['/api/me/orders.csv', shopper],
    ] as const) {
      const res = await call(t, 'GET', url, { user });
      expect(vatColumn(csvOf(res))).toEqual(['2.28', '0.99']);
    }
    // A page edge between the two lines changes nothing.
    const paged: string[] = [];
    for await (const chunk of exportCsv(t.database.db, 'seller', shop.id, 'en', 1)) paged.push(chunk);
    expect(vatColumn(paged.join(''))).toEqual(['2.28', '0.99']);
  });

  it('answers a person with no orders with the header alone', async () => {
    const res = await call(t, 'GET', '/api/me/sales.csv', { user: buyer });
    expect(res.statusCode).toBe(200);
    expect(csvOf(res)).toBe(EN_ORDERS.replace('Seller', 'Buyer'));
  });
});
