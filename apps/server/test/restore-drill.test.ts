import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bidIncrement, type Order } from '@souq/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createBackup } from '../src/backup/create-backup.js';
import { restoreBackup } from '../src/backup/restore-backup.js';
import { placeOrder } from './aftersale-support.js';
import { AED, auctionRow, bid, bidOk, bidRows, startAuction } from './auction-support.js';
import { freshTarget, integrityCheck } from './backup-support.js';
import { PDF, call, createProduct, createUser, imageParts, insertProduct, productRow } from './catalog-support.js';
import { DIALECTS, eventually, startTestApp, testConfig, type TestApp } from './support.js';

const TAX = { legalName: 'Khalid Trading LLC', address: 'Office 12, Al Quoz 3, Dubai', trn: '100123456700003' };

/** What the running shop answered, and when: only writes acknowledged before the backup began are owed. */
interface Acked<T> {
  value: T;
  at: number;
}

/**
 * The restore drill (README, "Backups"): bids, checkouts and listings with photos keep flowing
 * while a backup is taken; the backup is restored into a fresh DATA_DIR or database; a server
 * started on it has everything acknowledged before the backup began, nothing half-written, and
 * goes on numbering invoices without a gap.
 */
describe.each(DIALECTS)('restore drill (%s)', (dialect) => {
  const cleanup: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it('restores every bid, order, invoice number and photo acknowledged before a backup taken mid-flow', async () => {
    const source = await startTestApp(dialect);
    cleanup.push(() => source.close());
    const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-backups-'));
    cleanup.push(async () => fs.rmSync(backups, { recursive: true, force: true }));

    const [seller, alice, bashir, buyer] = await Promise.all([
      createUser(source),
      createUser(source),
      createUser(source),
      createUser(source),
    ]);
    expect((await call(source, 'PUT', '/api/me/tax-details', { user: seller, json: TAX })).statusCode).toBe(200);
    const auction = await startAuction(source, seller, { startingBid: AED(100), duration: '1h' });
    const lamp = await insertProduct(source, seller.id, { title: 'Brass lamp', price: 5_000 });

    const acked = { bids: [] as Acked<number>[], orders: [] as Acked<Order>[], products: [] as Acked<string>[] };
    const refused: string[] = [];
    let stopping = false;
    const bidding = (async () => {
      for (let amount = AED(105), i = 0; !stopping; amount += bidIncrement(amount), i++) {
        const res = await bid(source, i % 2 ? alice : bashir, auction.id, { amount });
        if (res.statusCode === 201) acked.bids.push({ value: amount, at: performance.now() });
        else refused.push(`bid ${res.statusCode} ${res.body}`);
      }
    })();
    const checkouts = (async () => {
      while (!stopping) acked.orders.push({ value: await placeOrder(source, buyer, [lamp]), at: performance.now() });
    })();
    const invoice = { field: 'invoice', data: PDF, filename: 'invoice.pdf', type: 'application/pdf' };
    const listings = (async () => {
      while (!stopping) {
        const id = await createProduct(source, seller, {}, [...(await imageParts(2)), invoice]);
        acked.products.push({ value: id, at: performance.now() });
      }
    })();
    const flowing = Promise.all([bidding, checkouts, listings]);

    await eventually(() => {
      expect(acked.bids.length).toBeGreaterThanOrEqual(40);
      expect(acked.orders.length).toBeGreaterThanOrEqual(8);
      expect(acked.products.length).toBeGreaterThanOrEqual(2);
    }, 30_000);
    const began = performance.now();
    const backup = await createBackup(source.config, backups);
    const finished = performance.now();
    const bidsAtBackupEnd = acked.bids.length;
    // The shop kept taking writes throughout; let it take some more after, then stop.
    await eventually(() => expect(acked.bids.length).toBeGreaterThan(bidsAtBackupEnd + 10), 30_000);
    stopping = true;
    await flowing;
    expect(refused).toEqual([]);
    const owed = <T>(list: Acked<T>[]) => list.filter((a) => a.at < began).map((a) => a.value);
    // Taken while the shop served: bids were acknowledged while the backup ran.
    expect(acked.bids.some((a) => a.at > began && a.at < finished)).toBe(true);

    const target = await freshTarget(source.config);
    cleanup.push(() => target.drop());
    const config = testConfig(target);
    expect(await restoreBackup(config, backup, { force: false })).toMatch(/^Restored /);
    if (config.database.kind === 'sqlite') expect(integrityCheck(config.database.file)).toBe('ok');

    const souq = await buildApp(config);
    await souq.app.ready();
    const restored: TestApp = { ...souq, config, close: () => souq.app.close() };
    cleanup.push(() => restored.close());

    // Every acknowledged bid, and the auction's summary agreeing with its bids: nothing half-written.
    const bids = await bidRows(restored, auction.id);
    const amounts = new Set(bids.map((b) => Number(b.amount)));
    for (const amount of owed(acked.bids)) expect(amounts.has(amount), `bid ${amount}`).toBe(true);
    const summary = await auctionRow(restored, auction.id);
    expect(Number(summary.current_bid)).toBe(Math.max(...amounts));
    expect(Number(summary.bid_count)).toBe(bids.length);

    // Every acknowledged order with its lines and its invoice number; every restored order whole.
    const db = restored.database.db;
    for (const order of owed(acked.orders)) {
      const numbers = await db.selectFrom('invoices').select('number').where('order_id', '=', order.id).execute();
      expect(numbers.map((n) => n.number)).toEqual(order.documents.map((d) => d.number));
    }
    const orders = await db.selectFrom('orders').select('id').execute();
    expect(orders.length).toBeGreaterThanOrEqual(owed(acked.orders).length);
    for (const { id } of orders) {
      expect(await db.selectFrom('order_lines').select('id').where('order_id', '=', id).execute()).toHaveLength(1);
      expect(await db.selectFrom('invoices').select('id').where('order_id', '=', id).execute()).toHaveLength(1);
    }

    // Every acknowledged listing's photos, served by the restored server, and its private invoice file.
    for (const id of owed(acked.products)) {
      const [before, after] = [await productRow(source, id), await productRow(restored, id)];
      expect(after?.images).toBe(before!.images);
      for (const key of JSON.parse(after!.images) as string[]) {
        const res = await restored.app.inject({ method: 'GET', url: `/uploads/${key}.webp` });
        expect(res.statusCode, key).toBe(200);
        expect(res.rawPayload.equals((await source.storage.get(`public/${key}.webp`))!)).toBe(true);
      }
      expect(after!.invoice_key).toBeTruthy();
      expect((await restored.storage.get(after!.invoice_key!))?.equals(PDF)).toBe(true);
    }

    // Checkouts and bids go on where the backup left off: invoice numbers without a gap.
    const next = await Promise.all([1, 2, 3].map(() => placeOrder(restored, buyer, [lamp])));
    expect(next.every((o) => o.documents.length === 1)).toBe(true);
    const seqs = (
      await db.selectFrom('invoices').select('seq').where('seller_id', '=', seller.id).orderBy('seq').execute()
    ).map((r) => Number(r.seq));
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
    await bidOk(restored, alice, auction.id, { amount: Number(summary.current_bid) + AED(50) });
    if (config.database.kind === 'sqlite') {
      await restored.close();
      cleanup.pop();
      expect(integrityCheck(config.database.file)).toBe('ok');
    }
  }, 120_000);
});
