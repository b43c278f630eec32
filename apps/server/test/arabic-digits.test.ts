import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAmountToFils } from '@souq/shared';
import { auctionRow, bidRows, newKey } from './auction-support.js';
import {
  call,
  createUser,
  imageParts,
  insertProduct,
  productForm,
  productRow,
  VALID_PRODUCT,
  type TestUser,
} from './catalog-support.js';
import { DIALECTS, post, startTestApp, validRegistration, type TestApp } from './support.js';

/**
 * Issue 29: a Gulf keyboard types ١٢٦٠ (Arabic-Indic) or ۱۲۶۰ (Persian) as readily as 1260, with ٫
 * before decimals and ٬ between thousands. The web app shows what was typed; the server reads every
 * one of them (the shared schemas' typedNumber) and stores the Western number.
 */
describe.each(DIALECTS)('numbers typed in Arabic digits (%s)', (dialect) => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [seller, buyer] = await Promise.all([createUser(t), createUser(t)]);
  });
  afterAll(() => t.close());

  it('adds a product priced, weighed and measured in Arabic digits, and edits its price', async () => {
    const added = await call(t, 'POST', '/api/products', {
      user: seller,
      form: productForm(
        {
          ...VALID_PRODUCT,
          price: '١٢٣٤٥٠',
          previousPrice: '١٥٠٬٠٠٠',
          weight: '٠٫١٥',
          dimensions: '٤٢ x ٤٦ x ١٣',
        },
        await imageParts(1),
      ),
    });
    expect(added.statusCode, added.body).toBe(201);
    const id = (added.json() as { id: string }).id;
    expect(await productRow(t, id)).toMatchObject({
      price: 123450,
      previous_price: 150000,
      weight: 0.15,
      dimensions: '42x46x13',
    });

    const edited = await call(t, 'PUT', `/api/products/${id}`, {
      user: seller,
      json: { ...VALID_PRODUCT, keywords: [], price: '۱۲۶٬۰۰۰', previousPrice: null, weight: '۲٫۵' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await productRow(t, id)).toMatchObject({ price: 126000, previous_price: null, weight: 2.5 });
  });

  it('takes auctions and bids as JSON numbers, which the browser reads from any digits; a string is refused', async () => {
    const productId = await insertProduct(t, seller.id, { title: 'Casio F-91W' });
    const refused = await call(t, 'POST', `/api/products/${productId}/auction`, {
      user: seller,
      json: { startingBid: '١٠٠٠', duration: '1h' },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    // What the bid form sends for "١٢٫٦٠" typed in the field (parseAmountToFils, shared/money.ts).
    const started = await call(t, 'POST', `/api/products/${productId}/auction`, {
      user: seller,
      json: { startingBid: parseAmountToFils('١٠٫٠٠'), reservePrice: parseAmountToFils('١٢٫٠٠'), duration: '1h' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const auctionId = (started.json() as { id: string }).id;
    expect(await auctionRow(t, auctionId)).toMatchObject({ starting_bid: 1000, reserve_price: 1200 });

    const bidWith = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/auctions/${auctionId}/bids`,
        headers: { cookie: buyer.cookie, 'idempotency-key': newKey() },
        payload,
      });
    expect((await bidWith({ amount: '١٢٦٠' })).statusCode).toBe(400);
    const placed = await bidWith({ amount: parseAmountToFils('١٢٫٦٠'), maxAmount: parseAmountToFils('۲۰') });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await bidRows(t, auctionId)).map((b) => b.amount)).toEqual([1260]);
  });

  it('orders a quantity of ٢ for a phone number in Arabic digits', async () => {
    const productId = await insertProduct(t, seller.id, { title: 'Seiko 5', price: 50000 });
    const ordered = await call(t, 'POST', '/api/orders', {
      user: buyer,
      headers: { 'idempotency-key': newKey() },
      json: {
        lines: [{ productId, quantity: '٢' }],
        address: { emirate: 'Dubai', area: 'Al Barsha', street: 'Street 12, Villa 4', phone: '٠٥٠ ١٢٣ ٤٥٦٧' },
      },
    });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const orderId = (ordered.json() as { id: string }).id;
    const order = await t.database.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
    // Shown as typed, called in E.164 (issue 46).
    expect(order).toMatchObject({ phone: '٠٥٠ ١٢٣ ٤٥٦٧', phone_e164: '+971501234567', subtotal: 100000 });
    const lines = await t.database.db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).execute();
    expect(lines.map((l) => l.quantity)).toEqual([2]);
  });

  it('signs someone up with a phone number in Persian digits', async () => {
    const registration = { ...validRegistration(), phone: '۰۵۰۱۲۳۴۵۶۷' };
    const res = await post(t, '/api/auth/register', registration);
    expect(res.statusCode, res.body).toBe(201);
    const user = await t.database.db
      .selectFrom('users')
      .select('phone')
      .where('email', '=', registration.email)
      .executeTakeFirstOrThrow();
    expect(user.phone).toBe('0501234567');
  });

  it('still refuses what is not a number', async () => {
    const productId = await insertProduct(t, seller.id, { title: 'Seiko 6' });
    for (const quantity of ['٢a', '-٢', '٫٥'])
      expect(
        (
          await call(t, 'POST', '/api/orders', {
            user: buyer,
            headers: { 'idempotency-key': newKey() },
            json: {
              lines: [{ productId, quantity }],
              address: { emirate: 'Dubai', area: 'Al Barsha', street: 'Street 12', phone: '0501234567' },
            },
          })
        ).statusCode,
      ).toBe(400);
  });
});
