import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type InvoiceRef, type Order } from '@souq/shared';
import { ADDRESS, HOUR, placeOrder } from '../../../test/aftersale-support.js';
import { call, createUser, insertProduct, type TestUser } from '../../../test/catalog-support.js';
import { pdfText } from '../../../test/pdf-support.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from '../../../test/support.js';
import { createFakeClock } from '../../lib/clock.js';
import { nextNumber } from './invoice-queries.js';

const TRN = '100123456700003';
const KHALID = { legalName: 'Khalid Trading LLC', address: 'Office 12, Al Quoz 3, Dubai', trn: TRN };

/**
 * Tax invoices and credit notes (issue 32, ADR 0042): issued with the order, numbered per seller
 * without gaps under concurrency, frozen at issue, credited on cancel, and seen only by the order's
 * buyer and the document's seller.
 */
describe.each(DIALECTS)('invoices and credit notes (%s)', (dialect) => {
  let t: TestApp;
  const clock = createFakeClock('2026-11-27T21:30:00.000Z');
  let registered: TestUser;
  let plain: TestUser;
  let buyer: TestUser;
  let other: TestUser;
  let watch: string;
  let lamp: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, {}, { clock });
    [registered, plain, buyer, other] = await Promise.all([
      createUser(t, { username: 'khalid_shop' }),
      createUser(t, { username: 'lamps_r_us' }),
      createUser(t, { username: 'amira' }),
      createUser(t, { username: 'omar' }),
    ]);
    const saved = await call(t, 'PUT', '/api/me/tax-details', { user: registered, json: KHALID });
    expect(saved.statusCode).toBe(200);
    watch = await insertProduct(t, registered.id, { title: 'ساعة يد فاخرة', price: 120_000 });
    lamp = await insertProduct(t, plain.id, { title: 'Brass lamp', price: 3_001 });
  });
  afterAll(() => t.close());

  const documents = (order: Order, sellerId: string) => order.documents.filter((d) => d.sellerId === sellerId);
  const pdfOf = async (who: TestUser, doc: InvoiceRef) => {
    const res = await call(t, 'GET', `/api/invoices/${doc.id}/pdf`, { user: who });
    expect(res.statusCode).toBe(200);
    return (await pdfText(res.rawPayload)).join('\n');
  };
  const numbersOf = async (sellerId: string, series: string) =>
    (
      await t.database.db
        .selectFrom('invoices')
        .select('seq')
        .where('seller_id', '=', sellerId)
        .where('series', '=', series)
        .orderBy('seq')
        .execute()
    ).map((r) => Number(r.seq));

  it('refuses a TRN that is not 15 digits with 400 and the message, and changes nothing; a visitor gets 401', async () => {
    const before = await t.database.db.selectFrom('seller_tax_details').selectAll().execute();
    for (const trn of ['12345', '1001234567000031', '10012345670000A']) {
      const res = await call(t, 'PUT', '/api/me/tax-details', { user: registered, json: { ...KHALID, trn } });
      expect(res.statusCode, trn).toBe(400);
      expect(res.json().error.fields.trn).toBe(MSG.trnInvalid);
    }
    const noName = await call(t, 'PUT', '/api/me/tax-details', {
      user: other,
      json: { legalName: '', address: '', trn: TRN },
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().error.fields).toMatchObject({
      legalName: MSG.legalNameRequired,
      address: MSG.taxAddressRequired,
    });
    const visitor = await call(t, 'PUT', '/api/me/tax-details', { json: KHALID });
    expect(visitor.statusCode).toBe(401);
    expect(await t.database.db.selectFrom('seller_tax_details').selectAll().execute()).toEqual(before);
    expect((await call(t, 'GET', '/api/me/tax-details', { user: registered })).json()).toEqual(KHALID);
    // Spaces between the groups and Arabic-Indic digits are the same TRN.
    const typed = await call(t, 'PUT', '/api/me/tax-details', {
      user: registered,
      json: { ...KHALID, trn: '١٠٠ ١٢٣٤ ٥٦٧٠ ٠٠٠٣' },
    });
    expect(typed.json()).toEqual(KHALID);
  });

  it('issues with the order one invoice per seller: a tax invoice for the registered seller, a plain one for the other', async () => {
    const order = await placeOrder(t, buyer, [watch, lamp]);
    const [tax] = documents(order, registered.id);
    const [basic] = documents(order, plain.id);
    expect(order.documents).toHaveLength(2);
    expect(tax).toMatchObject({ kind: 'tax_invoice', total: 126_000, credits: null });
    expect(tax!.number).toMatch(new RegExp(`^INV-${registered.id.slice(0, 8).toUpperCase()}-\\d{6}$`));
    // 5% of 30.01 is 1.5005: the seller's VAT is rounded on their own lines.
    expect(basic).toMatchObject({ kind: 'invoice', total: 3_001 + 150 });

    const text = await pdfOf(buyer, tax!);
    for (const words of [
      'Tax Invoice',
      'فاتورة ضريبية',
      TRN,
      'Khalid Trading LLC',
      'amira',
      'Al Barsha',
      'ساعة يد فاخرة',
    ])
      expect(text, words).toContain(words);
    expect(text).toContain('AED 1,200.00');
    expect(text).toContain('AED 60.00');
    expect(text).toContain('AED 1,260.00');
    expect(text).not.toContain('Brass lamp');
    const plainText = await pdfOf(plain, basic!);
    expect(plainText).not.toContain('Tax Invoice');
    expect(plainText).not.toContain('TRN');
    expect(plainText).toContain('lamps_r_us');
    expect(plainText).toContain('Not a tax invoice');

    // The seller's Sales shows their own document only.
    const sales = (await call(t, 'GET', '/api/sales', { user: plain })).json();
    expect(sales.find((s: { orderId: string }) => s.orderId === order.id).documents).toEqual([basic]);
  });

  it('keeps an issued invoice as it was when Settings change later, and a cleared TRN makes the next one plain', async () => {
    const before = await placeOrder(t, buyer, [watch]);
    await call(t, 'PUT', '/api/me/tax-details', {
      user: registered,
      json: { legalName: 'Khalid Renamed FZE', address: 'Somewhere else', trn: '' },
    });
    const text = await pdfOf(registered, before.documents[0]!);
    expect(text).toContain('Khalid Trading LLC');
    expect(text).toContain(TRN);
    expect(text).not.toContain('Khalid Renamed FZE');
    const after = await placeOrder(t, buyer, [watch]);
    expect(after.documents[0]).toMatchObject({ kind: 'invoice' });
    const plainText = await pdfOf(registered, after.documents[0]!);
    expect(plainText).toContain('Khalid Renamed FZE');
    expect(plainText).not.toContain(TRN);
    await call(t, 'PUT', '/api/me/tax-details', { user: registered, json: KHALID });
  });

  it('numbers 20 concurrent checkouts of one seller 1 to 20, with no gap and no repeat', async () => {
    const seller = await createUser(t);
    const buyers = await Promise.all(Array.from({ length: 4 }, () => createUser(t)));
    const products = await Promise.all(
      Array.from({ length: 20 }, (_, i) => insertProduct(t, seller.id, { title: `Item ${i}`, price: 1_000 + i })),
    );
    const orders = await Promise.all(products.map((p, i) => placeOrder(t, buyers[i % 4]!, [p])));
    expect(new Set(orders.map((o) => o.documents[0]!.number)).size).toBe(20);
    expect(await numbersOf(seller.id, 'INV')).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(
      await t.database.db
        .selectFrom('invoice_sequences')
        .select('last_number')
        .where('seller_id', '=', seller.id)
        .executeTakeFirst(),
    ).toEqual({ last_number: 20 });
  });

  it('leaves no gap when the transaction that took a number rolls back, nor when a checkout is refused', async () => {
    const seller = await createUser(t);
    const item = await insertProduct(t, seller.id, { title: 'Dallah', price: 9_000 });
    await placeOrder(t, buyer, [item]);
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        expect(await nextNumber(trx, seller.id, 'INV')).toBe(2);
        throw new Error('the order failed after its number was taken');
      }),
    ).rejects.toThrow('the order failed');
    // The seller buying their own item is refused inside the checkout's transaction.
    const own = await call(t, 'POST', '/api/orders', {
      user: seller,
      headers: { 'idempotency-key': `k-${crypto.randomUUID()}` },
      json: { lines: [{ productId: item, quantity: 1 }], address: ADDRESS },
    });
    expect(own.statusCode).toBe(403);
    await placeOrder(t, buyer, [item]);
    expect(await numbersOf(seller.id, 'INV')).toEqual([1, 2]);
  });

  it("issues a won order's invoice when its address is given, not before", async () => {
    const wonId = await t.database.db.transaction().execute((trx) =>
      t.services.orders.createForAuction(trx, {
        auctionId: crypto.randomUUID(),
        buyerId: buyer.id,
        sellerId: registered.id,
        productId: null,
        title: 'Won camera',
        imageKey: null,
        price: 50_000,
      }),
    );
    const waiting = ((await call(t, 'GET', '/api/orders', { user: buyer })).json() as Order[]).find(
      (o) => o.id === wonId,
    )!;
    expect(waiting.status).toBe('awaiting_address');
    expect(waiting.documents).toEqual([]);
    const placed = await call(t, 'POST', `/api/orders/${waiting.id}/address`, { user: buyer, json: ADDRESS });
    expect(placed.statusCode).toBe(200);
    expect(placed.json().documents).toMatchObject([{ kind: 'tax_invoice', total: 52_500, sellerId: registered.id }]);
  });

  it('credits a cancelled line with a credit note citing the invoice; the notes of a fully cancelled invoice add up to its VAT', async () => {
    const second = await insertProduct(t, registered.id, { title: 'Strap', price: 1_001 });
    const order = await placeOrder(t, buyer, [watch, second]);
    const [invoice] = order.documents;
    expect(invoice).toMatchObject({ total: 121_001 + 6_050 });
    const credit = async (productId: string) => {
      const line = order.lines.find((l) => l.productId === productId)!;
      const res = await call(t, 'POST', `/api/sales/${line.id}/status`, {
        user: registered,
        json: { from: 'placed', status: 'cancelled' },
      });
      expect(res.statusCode).toBe(200);
      return res.json().documents as InvoiceRef[];
    };
    const cnBefore = await numbersOf(registered.id, 'CN');
    const afterFirst = await credit(second);
    const note = afterFirst.find((d) => d.kind === 'credit_note')!;
    expect(note).toMatchObject({ credits: invoice!.number, total: 1_001 + 50 });
    expect(note.number).toMatch(/^CN-/);
    const text = await pdfOf(buyer, note);
    expect(text).toContain('Tax Credit Note');
    expect(text).toContain(invoice!.number);
    expect(text).toContain('Strap');
    expect(text).not.toContain('ساعة يد فاخرة');

    const afterSecond = await credit(watch);
    const notes = afterSecond.filter((d) => d.kind === 'credit_note');
    expect(notes).toHaveLength(2);
    // 6,050 fils of VAT on the invoice: 50 credited first, then 6,000, not vatFor(120,000) alone.
    const rows = await t.database.db
      .selectFrom('invoices')
      .select(['vat', 'subtotal'])
      .where('credits_id', '=', invoice!.id)
      .execute();
    expect(rows.reduce((s, r) => s + Number(r.vat), 0)).toBe(6_050);
    expect(rows.reduce((s, r) => s + Number(r.subtotal), 0)).toBe(121_001);
    expect(await numbersOf(registered.id, 'CN')).toEqual([...cnBefore, cnBefore.length + 1, cnBefore.length + 2]);
  });

  it("credits the buyer's late cancel (after sale) in the same way", async () => {
    const order = await placeOrder(t, buyer, [lamp]);
    clock.advance(100 * HOUR);
    const res = await call(t, 'POST', `/api/order-lines/${order.lines[0]!.id}/cancel`, { user: buyer });
    expect(res.statusCode).toBe(200);
    const documentsNow = (
      await call(t, 'GET', `/api/orders/${order.id}/invoices`, { user: buyer })
    ).json() as InvoiceRef[];
    expect(documentsNow.map((d) => [d.kind, d.credits])).toEqual([
      ['invoice', null],
      ['credit_note', order.documents[0]!.number],
    ]);
  });

  it('shows the documents only to the buyer (all) and each seller (their own); anyone else gets 404, a visitor 401', async () => {
    const order = await placeOrder(t, buyer, [watch, lamp]);
    const list = (who: TestUser | null, id = order.id) => call(t, 'GET', `/api/orders/${id}/invoices`, { user: who });
    expect((await list(buyer)).json()).toEqual(order.documents);
    expect((await list(registered)).json()).toEqual(documents(order, registered.id));
    expect((await list(plain)).json()).toEqual(documents(order, plain.id));
    expect((await list(other)).statusCode).toBe(404);
    expect((await list(other)).json()).toEqual(apiError('NOT_FOUND', MSG.orderNotFound));
    expect((await list(buyer, crypto.randomUUID())).statusCode).toBe(404);
    expect((await list(null)).statusCode).toBe(401);

    const pdf = (who: TestUser | null, id: string) => call(t, 'GET', `/api/invoices/${id}/pdf`, { user: who });
    const tax = documents(order, registered.id)[0]!;
    const mine = await pdf(registered, tax.id);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toBe(`attachment; filename="${tax.number}.pdf"`);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await pdf(buyer, tax.id)).statusCode).toBe(200);
    // Another seller in the same order, another user, a made-up id, a malformed one: 404 alike.
    for (const [who, id] of [
      [plain, tax.id],
      [other, tax.id],
      [buyer, crypto.randomUUID()],
      [buyer, 'not-an-id'],
    ] as const) {
      const res = await pdf(who, id);
      expect(res.statusCode, `${who.username} ${id}`).toBe(404);
    }
    expect((await pdf(null, tax.id)).statusCode).toBe(401);
  });
});
