import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type Order, type Sale } from '@souq/shared';
import {
  call,
  countOf,
  createCrowd,
  createUser,
  insertProduct,
  productRow,
  type TestUser,
} from '../../../test/catalog-support.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from '../../../test/support.js';

const LOGGED_OUT = apiError('UNAUTHENTICATED', 'You must be logged in to perform this action.');
const UNVERIFIED = apiError('EMAIL_NOT_VERIFIED', 'Please verify your email to continue.');
const UNAVAILABLE = 'Some items in your cart are no longer available. Please review your cart.';
const OWN = 'You cannot buy your own product.';
const EMPTY = 'Your cart is empty.';
const QUANTITY = 'Quantity must be between 1 and 99.';
const MOBILE = 'Enter a UAE or GCC mobile number, such as 050 123 4567.';
const ADDRESS = {
  emirate: 'Dubai',
  area: 'Dubai Marina',
  street: 'Marina Gate 1, flat 1203',
  phone: '+971 50 123 4567',
};
const PLACEHOLDER = '/images/placeholder.svg';
const key = () => crypto.randomUUID();
/** A well-formed id that names no product. */
const NOWHERE = '00000000-0000-4000-8000-000000000000';
const byProduct = <L extends { productId: string }>(lines: L[]) =>
  [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1));

describe.each(DIALECTS)('orders (%s)', (dialect) => {
  let t: TestApp;
  let seller: TestUser;
  let buyer: TestUser;
  let unverified: TestUser;
  let rival: TestUser;
  /** seller's watch (AED 123.45) and strap (AED 50.00); rival's lamp; buyer's own bike; an auctioned item. */
  let watch: string;
  let strap: string;
  let lamp: string;
  let ownBike: string;
  let auctioned: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [seller, buyer, unverified] = await Promise.all([createUser(t), createUser(t), createUser(t, { verified: false })]);
    rival = (await createCrowd(t, 1))[0]!;
    watch = await insertProduct(t, seller.id, { title: 'Casio F-91W', price: 12345 });
    strap = await insertProduct(t, seller.id, { title: 'NATO strap', price: 5000 });
    lamp = await insertProduct(t, rival.id, { title: 'Brass lamp', price: 79900 });
    ownBike = await insertProduct(t, buyer.id, { title: 'My own bike', price: 150000 });
    auctioned = await insertProduct(t, seller.id, { title: 'On auction', price: 1000, is_auction: 1 });
  });
  afterAll(() => t.close());

  const quote = (body: unknown, user: TestUser | null = buyer) =>
    call(t, 'POST', '/api/orders/quote', { user, json: body });
  /** A checkout as the web app sends it: the cart and address as JSON, the key as its Idempotency-Key header. */
  const place = (
    { idempotencyKey, ...body }: { idempotencyKey?: string; [field: string]: unknown },
    user: TestUser | null = buyer,
  ) =>
    call(t, 'POST', '/api/orders', {
      user,
      headers: idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey },
      json: body,
    });
  const orderRows = (k: string) =>
    t.database.db.selectFrom('orders').selectAll().where('idempotency_key', '=', k).execute();
  const sold = async (id: string) => {
    const row = (await productRow(t, id))!;
    return { sold: row.sold_count, popularity: row.popularity };
  };

  describe('POST /api/orders/quote', () => {
    it("prices the cart with the server's prices, ignoring any price the browser sends, and adds 5% VAT rounded to the fils", async () => {
      const res = await quote({
        lines: [
          { productId: watch, quantity: 2, price: 1 },
          { productId: strap, quantity: 1, price: 1, unitPrice: 1 },
        ],
        subtotal: 1,
        total: 1,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        lines: [
          {
            productId: watch,
            title: 'Casio F-91W',
            image: PLACEHOLDER,
            unitPrice: 12345,
            quantity: 2,
            lineTotal: 24690,
          },
          { productId: strap, title: 'NATO strap', image: PLACEHOLDER, unitPrice: 5000, quantity: 1, lineTotal: 5000 },
        ],
        subtotal: 29690,
        vat: 1485, // 1,484.5 fils rounds up
        total: 31175,
      });
      const down = await quote({ lines: [{ productId: watch, quantity: 1 }] });
      expect(down.json()).toMatchObject({ subtotal: 12345, vat: 617, total: 12962 }); // 617.25 rounds down
    });

    it('merges the same product given twice into one line, up to 99', async () => {
      const res = await quote({
        lines: [
          { productId: watch, quantity: 1 },
          { productId: strap, quantity: 1 },
          { productId: watch, quantity: 2 },
        ],
      });
      expect(res.statusCode).toBe(200);
      expect(
        (res.json() as { lines: Array<{ productId: string; quantity: number; lineTotal: number }> }).lines,
      ).toEqual([
        expect.objectContaining({ productId: watch, quantity: 3, lineTotal: 37035 }),
        expect.objectContaining({ productId: strap, quantity: 1 }),
      ]);
      const capped = await quote({
        lines: [
          { productId: strap, quantity: 60 },
          { productId: strap, quantity: 60 },
        ],
      });
      expect(capped.json()).toMatchObject({
        lines: [{ productId: strap, quantity: 99, lineTotal: 495000 }],
        subtotal: 495000,
      });
    });

    it('shows the server-side image of a product with pictures', async () => {
      const images = JSON.stringify(['products/11111111-1111-4111-8111-111111111111']);
      const pictured = await insertProduct(t, seller.id, { images, price: 100 });
      const res = await quote({ lines: [{ productId: pictured, quantity: 1 }] });
      expect(res.json()).toMatchObject({
        lines: [{ image: '/uploads/products/11111111-1111-4111-8111-111111111111-thumb.webp' }],
      });
    });

    it.each([
      ['an empty cart', { lines: [] }, 400, 'VALIDATION_FAILED', EMPTY],
      ['no cart at all', {}, 400, 'VALIDATION_FAILED', EMPTY],
      ['quantity 0', { lines: [{ productId: NOWHERE, quantity: 0 }] }, 400, 'VALIDATION_FAILED', QUANTITY],
      ['quantity 100', { lines: [{ productId: NOWHERE, quantity: 100 }] }, 400, 'VALIDATION_FAILED', QUANTITY],
      ['quantity 1.5', { lines: [{ productId: NOWHERE, quantity: 1.5 }] }, 400, 'VALIDATION_FAILED', QUANTITY],
      ['quantity "many"', { lines: [{ productId: NOWHERE, quantity: 'many' }] }, 400, 'VALIDATION_FAILED', QUANTITY],
    ])('refuses %s with 400', async (_case, body, status, code, message) => {
      const res = await quote(body);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ error: { code, message } });
    });

    it('refuses your own product (403), an unknown product and one on auction (409)', async () => {
      const own = await quote({
        lines: [
          { productId: watch, quantity: 1 },
          { productId: ownBike, quantity: 1 },
        ],
      });
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual(apiError('FORBIDDEN', OWN, { productId: ownBike }));
      for (const productId of ['00000000-0000-4000-8000-000000000000', auctioned]) {
        const res = await quote({
          lines: [
            { productId: watch, quantity: 1 },
            { productId, quantity: 1 },
          ],
        });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual(apiError('CONFLICT', UNAVAILABLE, { productId }));
      }
    });

    it('needs a signed-in user, who may quote before verifying', async () => {
      const anonymous = await quote({ lines: [{ productId: watch, quantity: 1 }] }, null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual(LOGGED_OUT);
      expect((await quote({ lines: [{ productId: watch, quantity: 1 }] }, unverified)).statusCode).toBe(200);
    });
  });

  describe('POST /api/orders', () => {
    it('places a cash-on-delivery order at server prices, records the sale, and shows it to buyer and seller', async () => {
      const before = { watch: await sold(watch), lamp: await sold(lamp) };
      const k = key();
      const res = await place({
        idempotencyKey: k,
        lines: [
          { productId: watch, quantity: 2, price: 1 },
          { productId: lamp, quantity: 1, price: 1 },
        ],
        address: ADDRESS,
      });
      expect(res.statusCode).toBe(201);
      const order = res.json() as Order;
      // Lines come back in a stable order of their own, not necessarily the cart's.
      expect({ ...order, lines: byProduct(order.lines) }).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        status: 'placed',
        paymentMethod: 'cash_on_delivery',
        lines: byProduct([
          {
            productId: watch,
            title: 'Casio F-91W',
            image: PLACEHOLDER,
            unitPrice: 12345,
            quantity: 2,
            lineTotal: 24690,
            id: expect.any(String),
            sellerId: seller.id,
            status: 'placed',
            statusAt: null,
            shipBy: expect.any(String),
            late: false,
            auctionId: null,
            clip: null,
          },
          {
            id: expect.any(String),
            sellerId: rival.id,
            productId: lamp,
            title: 'Brass lamp',
            image: PLACEHOLDER,
            unitPrice: 79900,
            quantity: 1,
            lineTotal: 79900,
            status: 'placed',
            statusAt: null,
            shipBy: expect.any(String),
            late: false,
            auctionId: null,
            clip: null,
          },
        ]),
        subtotal: 104590,
        vat: 5230, // 5,229.5 rounds up
        total: 109820,
        address: {
          emirate: 'Dubai',
          area: 'Dubai Marina',
          street: 'Marina Gate 1, flat 1203',
          building: '',
          flat: '',
          landmark: '',
          // As the buyer typed it (issue 46); the seller also gets it in E.164 to call.
          phone: '+971 50 123 4567',
          location: null,
          makani: null,
        },
        createdAt: expect.any(String),
        auctionId: null,
        // A cart order has no completion deadline (issue 31).
        completeBy: null,
        cancelReason: null,
        cancelAsked: false,
        // One invoice per seller, issued with the order (issue 32, ADR 0042; invoices.test.ts).
        documents: expect.arrayContaining([
          expect.objectContaining({ kind: 'invoice', sellerId: seller.id, total: 24690 + 1235 }),
          expect.objectContaining({ kind: 'invoice', sellerId: rival.id, total: 79900 + 3995 }),
        ]),
      });
      expect(await orderRows(k)).toHaveLength(1);
      expect(await sold(watch)).toEqual({ sold: before.watch.sold + 2, popularity: before.watch.popularity + 10 });
      expect(await sold(lamp)).toEqual({ sold: before.lamp.sold + 1, popularity: before.lamp.popularity + 5 });

      const mine = await call(t, 'GET', '/api/orders', { user: buyer });
      expect(mine.statusCode).toBe(200);
      expect((mine.json() as Order[]).find((o) => o.id === order.id)).toEqual(order);

      const sales = async (user: TestUser) =>
        ((await call(t, 'GET', '/api/sales', { user })).json() as Sale[]).filter((s) => s.orderId === order.id);
      expect(await sales(seller)).toEqual([
        {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          orderId: order.id,
          productId: watch,
          title: 'Casio F-91W',
          image: PLACEHOLDER,
          unitPrice: 12345,
          quantity: 2,
          lineTotal: 24690,
          buyer: { id: buyer.id, username: buyer.username, profilePic: '/images/default-avatar.svg' },
          emirate: 'Dubai',
          // The seller needs these to deliver and collect the cash.
          delivery: {
            area: 'Dubai Marina',
            street: 'Marina Gate 1, flat 1203',
            building: '',
            flat: '',
            landmark: '',
            phone: '+971 50 123 4567',
            phoneE164: '+971501234567',
            location: null,
            makani: null,
          },
          orderStatus: 'placed',
          status: 'placed',
          statusAt: null,
          shipBy: expect.any(String),
          late: false,
          createdAt: order.createdAt,
          auctionId: null,
          clip: null,
          completeBy: null,
          cancelAsked: false,
          documents: [order.documents.find((d) => d.sellerId === seller.id)],
        },
      ]);
      expect(await sales(rival)).toEqual([expect.objectContaining({ productId: lamp, quantity: 1, lineTotal: 79900 })]);
      expect(await sales(buyer)).toEqual([]);
      const others = await call(t, 'GET', '/api/orders', { user: seller });
      expect((others.json() as Order[]).map((o) => o.id)).not.toContain(order.id);
    });

    it('keeps what finds the door: building, flat, landmark, a pin, a Makani number in either digit set, the mobile in E.164', async () => {
      const res = await place({
        idempotencyKey: key(),
        lines: [{ productId: watch, quantity: 1 }],
        address: {
          ...ADDRESS,
          phone: '٠٥٥ ٩٨٧ ١٢٣٤',
          building: 'Marina Gate 1',
          flat: '1203',
          landmark: 'Next to the tram stop',
          location: { latitude: 25.0867, longitude: 55.1477 },
          makani: '١٢٣٤٥ ٦٧٨٩٠',
        },
      });
      expect(res.statusCode).toBe(201);
      const order = res.json() as Order;
      expect(order.address).toMatchObject({
        building: 'Marina Gate 1',
        flat: '1203',
        landmark: 'Next to the tram stop',
        phone: '٠٥٥ ٩٨٧ ١٢٣٤',
        location: { latitude: 25.0867, longitude: 55.1477 },
        makani: '1234567890',
      });
      const sales = (await call(t, 'GET', '/api/sales', { user: seller })).json() as Sale[];
      expect(sales.find((s) => s.orderId === order.id)?.delivery).toEqual({
        area: 'Dubai Marina',
        street: 'Marina Gate 1, flat 1203',
        building: 'Marina Gate 1',
        flat: '1203',
        landmark: 'Next to the tram stop',
        phone: '٠٥٥ ٩٨٧ ١٢٣٤',
        phoneE164: '+971559871234',
        location: { latitude: 25.0867, longitude: 55.1477 },
        makani: '1234567890',
      });
    });

    it('returns the first order when the same cart and address are sent again under its key, however they are written', async () => {
      const k = key();
      const first = await place({
        idempotencyKey: k,
        lines: [
          { productId: strap, quantity: 1 },
          { productId: watch, quantity: 1 },
        ],
        address: ADDRESS,
      });
      expect(first.statusCode).toBe(201);
      const soldAfterFirst = await sold(strap);
      const retry = {
        idempotencyKey: k,
        lines: [
          { productId: watch, quantity: '1' },
          { productId: strap, quantity: 1 },
        ],
        address: { ...ADDRESS, area: ` ${ADDRESS.area} `, phone: '+971-50-123-4567' },
      };
      const second = await place(retry);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toEqual(first.json());
      expect(await orderRows(k)).toHaveLength(1);
      expect(await sold(strap)).toEqual(soldAfterFirst);
      // The key is the buyer's own: another buyer with the same key places their own order.
      const [other] = await createCrowd(t, 1);
      const theirs = await place(
        { idempotencyKey: k, lines: [{ productId: strap, quantity: 1 }], address: ADDRESS },
        other,
      );
      expect(theirs.statusCode).toBe(201);
      expect((theirs.json() as Order).id).not.toBe((first.json() as Order).id);
    });

    it.each([
      // The products exist only once beforeAll has run, so each case is a function.
      ['another quantity', () => ({ lines: [{ productId: strap, quantity: 5 }], address: ADDRESS })],
      ['another product', () => ({ lines: [{ productId: watch, quantity: 1 }], address: ADDRESS })],
      [
        'another address',
        () => ({ lines: [{ productId: strap, quantity: 1 }], address: { ...ADDRESS, emirate: 'Ajman' } }),
      ],
    ])('refuses a key reused with %s (422, as Stripe does), writing nothing', async (_case, body) => {
      const k = key();
      const first = await place({ idempotencyKey: k, lines: [{ productId: strap, quantity: 1 }], address: ADDRESS });
      expect(first.statusCode).toBe(201);
      const soldAfterFirst = await sold(strap);
      const reused = await place({ idempotencyKey: k, ...body() });
      expect(reused.statusCode, reused.body).toBe(422);
      expect(reused.json()).toEqual(apiError('IDEMPOTENCY_KEY_REUSED', MSG.orderKeyReused));
      expect(await orderRows(k)).toHaveLength(1);
      expect(await sold(strap)).toEqual(soldAfterFirst);
    });

    it('places exactly one order for 5 simultaneous submits with the same key', async () => {
      const k = key();
      const before = await sold(watch);
      const body = { idempotencyKey: k, lines: [{ productId: watch, quantity: 3 }], address: ADDRESS };
      const results = await Promise.all(Array.from({ length: 5 }, () => place(body)));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
      const ids = new Set(results.map((r) => (r.json() as Order).id));
      expect(ids.size).toBe(1);
      expect(await orderRows(k)).toHaveLength(1);
      const lines = await t.database.db
        .selectFrom('order_lines')
        .select('quantity')
        .where('order_id', '=', [...ids][0]!)
        .execute();
      expect(lines).toEqual([{ quantity: 3 }]);
      expect(await sold(watch)).toEqual({ sold: before.sold + 3, popularity: before.popularity + 15 });
    });

    it('records every sale when orders for the same products arrive at once, in any line order', async () => {
      const buyers = await createCrowd(t, 4);
      const before = { watch: await sold(watch), lamp: await sold(lamp) };
      const results = await Promise.all(
        buyers.flatMap((b, i) =>
          Array.from({ length: 3 }, () => {
            const lines = [
              { productId: watch, quantity: 1 },
              { productId: lamp, quantity: 2 },
            ];
            return place({ idempotencyKey: key(), lines: i % 2 ? lines.reverse() : lines, address: ADDRESS }, b);
          }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
      expect(await sold(watch)).toEqual({ sold: before.watch.sold + 12, popularity: before.watch.popularity + 60 });
      expect(await sold(lamp)).toEqual({ sold: before.lamp.sold + 24, popularity: before.lamp.popularity + 120 });
    });

    it('refuses your own product, unknown and auctioned products, and writes nothing', async () => {
      const before = {
        orders: await countOf(t, 'orders'),
        lines: await countOf(t, 'order_lines'),
        watch: await sold(watch),
      };
      const own = await place({
        idempotencyKey: key(),
        lines: [
          { productId: watch, quantity: 1 },
          { productId: ownBike, quantity: 1 },
        ],
        address: ADDRESS,
      });
      expect(own.statusCode).toBe(403);
      expect(own.json()).toEqual(apiError('FORBIDDEN', OWN, { productId: ownBike }));
      for (const productId of ['00000000-0000-4000-8000-000000000000', auctioned]) {
        const res = await place({
          idempotencyKey: key(),
          lines: [
            { productId: watch, quantity: 1 },
            { productId, quantity: 1 },
          ],
          address: ADDRESS,
        });
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual(apiError('CONFLICT', UNAVAILABLE, { productId }));
      }
      expect({
        orders: await countOf(t, 'orders'),
        lines: await countOf(t, 'order_lines'),
        watch: await sold(watch),
      }).toEqual(before);
    });

    it.each([
      ['an empty cart', { lines: [] }, EMPTY],
      ['quantity 0', { lines: [{ productId: NOWHERE, quantity: 0 }] }, QUANTITY],
      ['quantity 100', { lines: [{ productId: NOWHERE, quantity: 100 }] }, QUANTITY],
      ['no emirate', { address: { ...ADDRESS, emirate: '' } }, 'Please choose an emirate.'],
      [
        'an emirate that is not one of the seven',
        { address: { ...ADDRESS, emirate: 'Muscat' } },
        'Please choose an emirate.',
      ],
      ['no area', { address: { ...ADDRESS, area: ' ' } }, 'Please enter your area.'],
      ['a short street', { address: { ...ADDRESS, street: 'ab' } }, 'Please enter your street address.'],
      ['no phone', { address: { ...ADDRESS, phone: '' } }, 'Please fill in all fields.'],
      ['a short phone', { address: { ...ADDRESS, phone: '050 123' } }, MOBILE],
      // Issue 46: a courier calls a mobile; a landline or a number outside the Gulf is refused.
      ['a landline', { address: { ...ADDRESS, phone: '04 234 5678' } }, MOBILE],
      ['a mobile outside the Gulf', { address: { ...ADDRESS, phone: '+44 7700 900123' } }, MOBILE],
      ['a 9-digit Makani number', { address: { ...ADDRESS, makani: '123456789' } }, 'A Makani number has 10 digits.'],
      [
        'an 11-digit Makani number',
        { address: { ...ADDRESS, makani: '12345678901' } },
        'A Makani number has 10 digits.',
      ],
      [
        'a pin outside the UAE',
        { address: { ...ADDRESS, location: { latitude: 51.5, longitude: -0.12 } } },
        'Choose a location inside the UAE.',
      ],
      [
        'a pin that is not numbers',
        { address: { ...ADDRESS, location: { latitude: '25.2', longitude: 55.3 } } },
        'Choose a location inside the UAE.',
      ],
    ])('refuses %s with 400 and the message, writing nothing', async (_case, change, message) => {
      const before = await countOf(t, 'orders');
      const res = await place({
        idempotencyKey: key(),
        lines: [{ productId: watch, quantity: 1 }],
        address: ADDRESS,
        ...change,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message } });
      expect(await countOf(t, 'orders')).toBe(before);
    });

    it('refuses an order without an address', async () => {
      const res = await place({ idempotencyKey: key(), lines: [{ productId: watch, quantity: 1 }] });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(
        apiError('VALIDATION_FAILED', 'Please enter your delivery address.', {
          address: 'Please enter your delivery address.',
        }),
      );
    });

    it('names a bad address field by the name of its input', async () => {
      const res = await place({
        idempotencyKey: key(),
        lines: [{ productId: watch, quantity: 1 }],
        address: { ...ADDRESS, emirate: 'Muscat', phone: '12' },
      });
      expect(res.json()).toEqual(
        apiError('VALIDATION_FAILED', 'Please choose an emirate.', {
          emirate: 'Please choose an emirate.',
          phone: MOBILE,
        }),
      );
    });

    it('keeps the lines in the order of the cart', async () => {
      const res = await place({
        idempotencyKey: key(),
        lines: [
          { productId: strap, quantity: 1 },
          { productId: lamp, quantity: 1 },
          { productId: watch, quantity: 2 },
        ],
        address: ADDRESS,
      });
      expect(res.statusCode).toBe(201);
      expect((res.json() as { lines: { title: string }[] }).lines.map((l) => l.title)).toEqual([
        'NATO strap',
        'Brass lamp',
        'Casio F-91W',
      ]);
    });

    it.each(['Abu Dhabi', 'Dubai', 'Sharjah', 'Ajman', 'Umm Al Quwain', 'Ras Al Khaimah', 'Fujairah'])(
      'delivers to %s',
      async (emirate) => {
        const res = await place({
          idempotencyKey: key(),
          lines: [{ productId: strap, quantity: 1 }],
          address: { ...ADDRESS, emirate },
        });
        expect(res.statusCode).toBe(201);
        expect(res.json()).toMatchObject({ address: { emirate } });
      },
    );

    it('refuses a missing or malformed Idempotency-Key header, and one sent in the body instead', async () => {
      const before = await countOf(t, 'orders');
      for (const idempotencyKey of [undefined, 'short', 'k'.repeat(65), 'key with spaces']) {
        const res = await place({ idempotencyKey, lines: [{ productId: watch, quantity: 1 }], address: ADDRESS });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: MSG.checkoutExpired } });
      }
      // The one way to send it is the header, as for a bid: a body field is not read.
      const inBody = await call(t, 'POST', '/api/orders', {
        user: buyer,
        json: { idempotencyKey: key(), lines: [{ productId: watch, quantity: 1 }], address: ADDRESS },
      });
      expect(inBody.statusCode).toBe(400);
      expect(await countOf(t, 'orders')).toBe(before);
    });

    it('needs a signed-in (401), verified (403) buyer, and writes nothing', async () => {
      const before = await countOf(t, 'orders');
      const body = { idempotencyKey: key(), lines: [{ productId: watch, quantity: 1 }], address: ADDRESS };
      const anonymous = await place(body, null);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual(LOGGED_OUT);
      const notVerified = await place(body, unverified);
      expect(notVerified.statusCode).toBe(403);
      expect(notVerified.json()).toEqual(UNVERIFIED);
      expect(await countOf(t, 'orders')).toBe(before);
    });

    it('keeps what was bought, and its price, after the seller deletes the product', async () => {
      const gone = await insertProduct(t, seller.id, { title: 'Soon deleted', price: 4321 });
      const res = await place({ idempotencyKey: key(), lines: [{ productId: gone, quantity: 1 }], address: ADDRESS });
      expect(res.statusCode).toBe(201);
      const order = res.json() as Order;
      expect((await call(t, 'DELETE', `/api/products/${gone}`, { user: seller })).statusCode).toBe(200);
      await t.database.db.updateTable('products').set({ price: 1 }).where('id', '=', strap).execute(); // prices may change too
      const mine = ((await call(t, 'GET', '/api/orders', { user: buyer })).json() as Order[]).find(
        (o) => o.id === order.id,
      )!;
      expect(mine).toMatchObject({
        subtotal: 4321,
        lines: [{ title: 'Soon deleted', unitPrice: 4321, quantity: 1, lineTotal: 4321 }],
      });
      const sale = ((await call(t, 'GET', '/api/sales', { user: seller })).json() as Sale[]).find(
        (s) => s.orderId === order.id,
      )!;
      expect(sale).toMatchObject({ productId: null, title: 'Soon deleted', unitPrice: 4321 });
      await t.database.db.updateTable('products').set({ price: 5000 }).where('id', '=', strap).execute();
    });
  });

  describe('POST /api/sales/:id/status', () => {
    /** An order of the seller's strap and the rival's lamp; answers the seller's line. */
    async function freshSale(): Promise<{ order: Order; line: Sale }> {
      const order = (
        await place({
          idempotencyKey: key(),
          lines: [
            { productId: strap, quantity: 1 },
            { productId: lamp, quantity: 1 },
          ],
          address: ADDRESS,
        })
      ).json() as Order;
      const line = ((await call(t, 'GET', '/api/sales', { user: seller })).json() as Sale[]).find(
        (s) => s.orderId === order.id,
      )!;
      return { order, line };
    }
    const move = (id: string, json: unknown, user: TestUser | null = seller) =>
      call(t, 'POST', `/api/sales/${id}/status`, { user, json });
    const statusesFor = async (orderId: string) =>
      Object.fromEntries(
        ((await call(t, 'GET', '/api/orders', { user: buyer })).json() as Order[])
          .find((o) => o.id === orderId)!
          .lines.map((l) => [l.title, l.status]),
      );

    it('moves the seller’s part forward to delivered; the buyer sees each step and the other seller’s part is untouched', async () => {
      const { order, line } = await freshSale();
      for (const [from, status] of [
        ['placed', 'confirmed'],
        ['confirmed', 'shipped'],
        ['shipped', 'delivered'],
      ] as const) {
        const res = await move(line.id, { from, status });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ id: line.id, status, statusAt: expect.any(String) });
        expect(await statusesFor(order.id)).toEqual({ 'NATO strap': status, 'Brass lamp': 'placed' });
      }
    });

    it('cancels before shipping, never after', async () => {
      const early = (await freshSale()).line;
      expect((await move(early.id, { from: 'placed', status: 'cancelled' })).statusCode).toBe(200);
      expect((await move(early.id, { from: 'cancelled', status: 'confirmed' })).json()).toEqual(
        apiError('CONFLICT', MSG.fulfilmentNotAllowed),
      );
      const late = (await freshSale()).line;
      await move(late.id, { from: 'placed', status: 'confirmed' });
      await move(late.id, { from: 'confirmed', status: 'shipped' });
      const res = await move(late.id, { from: 'shipped', status: 'cancelled' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(apiError('CONFLICT', MSG.fulfilmentNotAllowed));
    });

    it('refuses skipping a step, going back, and a stale tab, and changes nothing', async () => {
      const { order, line } = await freshSale();
      expect((await move(line.id, { from: 'placed', status: 'shipped' })).json()).toEqual(
        apiError('CONFLICT', MSG.fulfilmentNotAllowed),
      );
      await move(line.id, { from: 'placed', status: 'confirmed' });
      expect((await move(line.id, { from: 'confirmed', status: 'placed' })).json()).toEqual(
        apiError('CONFLICT', MSG.fulfilmentNotAllowed),
      );
      // A second tab still showing "placed".
      const stale = await move(line.id, { from: 'placed', status: 'confirmed' });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual(apiError('CONFLICT', MSG.fulfilmentChanged));
      expect(await statusesFor(order.id)).toEqual({ 'NATO strap': 'confirmed', 'Brass lamp': 'placed' });
    });

    it('lets two tabs race: exactly one moves it', async () => {
      const { line } = await freshSale();
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => move(line.id, { from: 'placed', status: 'confirmed' })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    });

    it('is the seller’s alone, verified, and refuses a malformed body with the words', async () => {
      const { order, line } = await freshSale();
      const theirs = await move(line.id, { from: 'placed', status: 'confirmed' }, rival);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual(apiError('NOT_FOUND', MSG.saleNotFound));
      expect((await move(line.id, { from: 'placed', status: 'confirmed' }, buyer)).statusCode).toBe(404);
      expect((await move(line.id, { from: 'placed', status: 'confirmed' }, null)).json()).toEqual(LOGGED_OUT);
      expect((await move(line.id, { from: 'placed', status: 'confirmed' }, unverified)).json()).toEqual(UNVERIFIED);
      for (const body of [
        { from: 'placed', status: 'lost' },
        { status: 'confirmed' },
        ['confirmed'],
        { from: 'placed', status: 'confirmed\u0000' },
      ]) {
        const res = await move(line.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error.message).toBe(MSG.invalidOrderStatus);
      }
      expect((await move('not-an-id', { from: 'placed', status: 'confirmed' })).statusCode).toBe(404);
      expect((await move(NOWHERE, { from: 'placed', status: 'confirmed' })).statusCode).toBe(404);
      expect(await statusesFor(order.id)).toEqual({ 'NATO strap': 'placed', 'Brass lamp': 'placed' });
    });
  });

  describe('GET /api/orders and /api/sales', () => {
    it('need a signed-in user', async () => {
      for (const url of ['/api/orders', '/api/sales']) {
        const res = await call(t, 'GET', url);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(LOGGED_OUT);
      }
    });

    it('list nothing for someone who never bought or sold', async () => {
      const [nobody] = await createCrowd(t, 1);
      expect((await call(t, 'GET', '/api/orders', { user: nobody })).json()).toEqual([]);
      expect((await call(t, 'GET', '/api/sales', { user: nobody })).json()).toEqual([]);
    });

    it('list orders newest first', async () => {
      const [shopper] = await createCrowd(t, 1);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await place(
          { idempotencyKey: key(), lines: [{ productId: strap, quantity: i + 1 }], address: ADDRESS },
          shopper,
        );
        ids.push((res.json() as Order).id);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const list = (await call(t, 'GET', '/api/orders', { user: shopper })).json() as Order[];
      expect(list.map((o) => o.id)).toEqual(ids.reverse());
      expect(list.map((o) => o.lines[0]!.quantity)).toEqual([3, 2, 1]);
    });
  });
});
