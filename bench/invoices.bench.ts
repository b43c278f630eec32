/**
 * Invoices (issue 32, ADR 0042): what issuing them costs a checkout, and what drawing one costs a
 * download.
 *
 *   npm run bench:invoices [-- --dialects sqlite,postgres --orders 200 --concurrency 20 --renders 100]
 *
 * Checkouts: `orders.place` as the route calls it, `--concurrency` at a time, `--orders` in all,
 * each one product. "One seller" sends every order to the same seller, so every checkout waits for
 * the one before it on the seller's invoice counter (PostgreSQL's row lock; SQLite has one writer
 * anyway); "many sellers" spreads them over one seller each, the counter never shared. The run then
 * checks the one seller's numbers are 1..N without a gap. Renders: the PDF of a 3-line and of a
 * 40-line tax invoice, drawn as a download draws it.
 */
import crypto from 'node:crypto';
import { CheckoutSchema } from '@souq/shared';
import type { InvoiceDocument } from '../apps/server/src/modules/orders/invoice-document.js';
import { renderInvoicePdf } from '../apps/server/src/modules/orders/invoice-pdf.js';
import { productValues } from '../apps/server/test/fixtures/products.js';
import { verifiedUserRow } from '../apps/server/test/fixtures/users.js';
import { benchDatabase, percentile, type Dialect } from './support/server.js';
import { benchOptions } from './support/options.js';
import { inProcessApp } from './support/in-process.js';

const options = benchOptions({ dialects: 'sqlite,postgres', orders: 200, concurrency: 20, renders: 100 });

function summary(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`;
}

async function checkouts(dialect: Dialect) {
  const database = await benchDatabase(dialect);
  const souq = await inProcessApp(database.env);
  const db = souq.database.db;
  const at = new Date().toISOString();
  try {
    const user = async (name: string) => {
      const id = crypto.randomUUID();
      await db
        .insertInto('users')
        .values(verifiedUserRow({ id, username: name, email: `${name}@bench.test` }, at))
        .execute();
      return id;
    };
    const buyers = await Promise.all(
      Array.from(
        { length: options.concurrency },
        async (_, i) => (await souq.accounts.userById(await user(`buyer${i}`)))!,
      ),
    );
    const lone = await user('lone_seller');
    await db
      .insertInto('seller_tax_details')
      .values({
        user_id: lone,
        legal_name: 'Lone Trading LLC',
        address: 'Dubai',
        trn: '100123456700003',
        updated_at: at,
      })
      .execute();
    const many = await Promise.all(Array.from({ length: options.orders }, (_, i) => user(`seller${i}`)));

    const run = async (label: string, sellerOf: (i: number) => string) => {
      const products = Array.from({ length: options.orders }, (_, i) =>
        productValues(sellerOf(i), { price: 10_000 + i }),
      );
      for (let i = 0; i < products.length; i += 100)
        await db
          .insertInto('products')
          .values(products.slice(i, i + 100))
          .execute();
      const ms: number[] = [];
      let next = 0;
      const started = performance.now();
      await Promise.all(
        buyers.map(async (buyer) => {
          for (let i = next++; i < products.length; i = next++) {
            const input = CheckoutSchema.parse({
              lines: [{ productId: products[i]!.id, quantity: 1 }],
              address: { emirate: 'Dubai', area: 'Al Barsha', street: 'Street 12', phone: '0501234567' },
            });
            const t0 = performance.now();
            await souq.orders.place(buyer, input, `bench-${crypto.randomUUID()}`);
            ms.push(performance.now() - t0);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      console.log(`  ${dialect} ${label}: ${(products.length / seconds).toFixed(0)} checkouts/s, ${summary(ms)}`);
    };
    await run('many sellers', (i) => many[i]!);
    await run('one seller  ', () => lone);
    const numbers = (
      await db.selectFrom('invoices').select('seq').where('seller_id', '=', lone).orderBy('seq').execute()
    ).map((r) => Number(r.seq));
    const gapFree = numbers.length === options.orders && numbers.every((n, i) => n === i + 1);
    console.log(
      `  ${dialect} one seller's numbers: ${numbers.length} issued, 1..${numbers.at(-1)} ${gapFree ? 'without a gap or repeat' : 'WITH A GAP OR REPEAT'}`,
    );
    if (!gapFree) process.exitCode = 1;
  } finally {
    await souq.app.close();
    await database.drop();
  }
}

async function renders() {
  const line = (i: number) => ({
    lineId: String(i),
    title: i % 2 ? `ساعة يد فاخرة رقم ${i}` : `Brass lamp no. ${i}`,
    quantity: 1,
    unitPrice: 10_000,
    lineTotal: 10_000,
  });
  const doc = (lines: number): InvoiceDocument => ({
    kind: 'tax_invoice',
    number: 'INV-3F2A9C1B-000042',
    issuedAt: new Date().toISOString(),
    orderNumber: '9A1B2C3D',
    seller: { name: 'Khalid Trading LLC', address: 'Office 12, Al Quoz 3, Dubai', trn: '100123456700003' },
    buyer: { name: 'أميرة الهاشمي', address: 'Street 12, Villa 4, Al Barsha, Dubai' },
    lines: Array.from({ length: lines }, (_, i) => line(i)),
    subtotal: lines * 10_000,
    vat: lines * 500,
    total: lines * 10_500,
    credits: null,
  });
  for (const lines of [3, 40]) {
    for (let i = 0; i < 5; i++) await renderInvoicePdf(doc(lines));
    const ms: number[] = [];
    let bytes = 0;
    const count = lines > 3 ? Math.ceil(options.renders / 5) : options.renders;
    for (let i = 0; i < count; i++) {
      const t0 = performance.now();
      bytes = (await renderInvoicePdf(doc(lines))).length;
      ms.push(performance.now() - t0);
    }
    console.log(`  PDF, ${lines} lines: ${summary(ms)}, ${(bytes / 1024).toFixed(0)} KiB`);
  }
}

console.log(`Invoices: ${options.orders} checkouts, ${options.concurrency} at a time; ${options.renders} renders`);
for (const dialect of options.dialects.split(',') as Dialect[]) await checkouts(dialect);
await renders();
