/**
 * The seller's dashboard (issue 32, ADR 0043): every chart's endpoint for one seller with 10,000
 * orders and 100,000 products, on each database. Target: p99 under 50 ms per chart.
 *
 *   npm run bench:dashboard [-- --dialects sqlite,postgres --products 100000 --orders 10000 --runs 200]
 *
 * Each chart is one GET through the whole app (`app.inject`: session, route, query, serialization).
 * The seller's orders are spread over the last 13 months (1–3 lines each, a tenth cancelled, some
 * from shows); 2,000 of their products are viewed each day for 40 days (80,000 day counters, 60,000
 * of them inside the 30 days); 2,000 ended auctions, one with 300 bids; 60 shows of 10 lots. Another
 * seller with 5,000 orders and 20,000 products shares the tables, so a read not bound by its index
 * shows. PostgreSQL is skipped, loudly, when it cannot be reached.
 */
import crypto from 'node:crypto';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../apps/server/src/db/schema.js';
import { refreshStatistics } from '../apps/server/src/db/statistics.js';
import { gulfDayBefore } from '../apps/server/src/lib/gulf-time.js';
import { auctionValues, bidValues, orderRows, showValues } from '../apps/server/test/fixtures/dashboard.js';
import { productValues } from '../apps/server/test/fixtures/products.js';
import { verifiedUserRow } from '../apps/server/test/fixtures/users.js';
import { DEFAULT_PG, benchDatabase, percentile, type Dialect } from './support/server.js';
import { benchOptions } from './support/options.js';
import { inProcessApp } from './support/in-process.js';

const options = benchOptions({
  dialects: 'sqlite,postgres',
  products: 100000,
  orders: 10000,
  runs: 200,
  seed: 7,
});

let state = options.seed >>> 0;
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (n: number) => Math.floor(random() * n);
const DAY_MS = 86_400_000;

async function insertAll<T extends keyof DB>(db: Kysely<DB>, table: T, rows: unknown[]) {
  for (let i = 0; i < rows.length; i += 500)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + 500) as never)
      .execute();
}

async function seedSeller(db: Kysely<DB>, sellerId: string, buyers: string[], products: number, orders: number) {
  const now = Date.now();
  const productRows = Array.from({ length: products }, () =>
    productValues(sellerId, { like_count: int(50), sold_count: int(20), price: 1000 + int(100_000) }),
  );
  await insertAll(db, 'products', productRows);

  const shows = Array.from({ length: 60 }, (_, i) =>
    showValues(
      { hostId: sellerId, startedAt: new Date(now - i * 5 * DAY_MS).toISOString(), peakViewers: int(500) },
      'sold',
    ),
  );
  await insertAll(
    db,
    'auctions',
    shows.map((s) => s.lot),
  );
  await insertAll(
    db,
    'streams',
    shows.map((s) => s.stream),
  );
  const lots = shows.flatMap((s) =>
    Array.from({ length: 9 }, () =>
      auctionValues({
        sellerId,
        status: random() < 0.7 ? 'sold' : 'unsold',
        startingBid: 1000,
        currentBid: 5000,
        streamId: s.stream.id as string,
        closedAt: s.stream.started_at as string,
      }),
    ),
  );
  const timed = Array.from({ length: 2000 }, () => {
    const sold = random() < 0.6;
    return auctionValues({
      sellerId,
      status: sold ? 'sold' : 'unsold',
      startingBid: 1000 + int(50_000),
      currentBid: sold ? 60_000 + int(50_000) : null,
      bidCount: sold ? 1 + int(30) : 0,
      closedAt: new Date(now - int(365) * DAY_MS).toISOString(),
    });
  });
  await insertAll(db, 'auctions', [...lots, ...timed]);
  const busy = timed[0]!;
  await insertAll(
    db,
    'bids',
    bidValues(
      busy.id as string,
      buyers[0]!,
      Array.from({ length: 300 }, (_, i) => ({
        at: new Date(now - (300 - i) * 60_000).toISOString(),
        amount: 1000 + i * 100,
      })),
    ),
  );

  const orderSet = Array.from({ length: orders }, () => {
    const r = random();
    return orderRows({
      buyerId: buyers[int(buyers.length)]!,
      sellerId,
      createdAt: new Date(now - int(395 * DAY_MS)).toISOString(),
      lines: Array.from({ length: 1 + int(3) }, () => 1000 + int(100_000)),
      status: r < 0.1 ? 'cancelled' : r < 0.15 ? 'awaiting_address' : 'placed',
      lineStatus: ['placed', 'confirmed', 'shipped', 'delivered'][int(4)],
      streamId: r > 0.95 ? (shows[int(shows.length)]!.stream.id as string) : null,
    });
  });
  await insertAll(
    db,
    'orders',
    orderSet.map((o) => o.order),
  );
  await insertAll(
    db,
    'order_lines',
    orderSet.flatMap((o) => o.lines),
  );

  // Views: a different 2,000 products each day for 40 days.
  const views = [];
  for (let day = 0; day < 40; day++) {
    const gulf = gulfDayBefore(new Date(now), day);
    const start = int(Math.max(1, products - 2000));
    for (let i = 0; i < Math.min(2000, products); i++)
      views.push({ product_id: productRows[start + i]!.id, day: gulf, views: 1 + int(40) });
  }
  await insertAll(db, 'product_view_days', views);
  // The 30-day totals the beacon keeps (ADR 0043): the counters of the 30 days to today.
  const window = gulfDayBefore(new Date(now), 29);
  const totals = new Map<string, number>();
  for (const v of views) if (v.day >= window) totals.set(v.product_id, (totals.get(v.product_id) ?? 0) + v.views);
  await insertAll(
    db,
    'product_view_totals',
    [...totals].map(([product_id, total]) => ({ product_id, seller_id: sellerId, views: total })),
  );
  return { busyAuction: busy.id as string };
}

const CHARTS = (auctionId: string) => ({
  'sales by day': '/api/me/dashboard/sales?by=day',
  'sales by week': '/api/me/dashboard/sales?by=week',
  'sales by month': '/api/me/dashboard/sales?by=month',
  'orders by status': '/api/me/dashboard/orders-by-status',
  'top by views': '/api/me/dashboard/top-products?by=views',
  'top by likes': '/api/me/dashboard/top-products?by=likes',
  'top by sales': '/api/me/dashboard/top-products?by=sales',
  auctions: '/api/me/dashboard/auctions',
  'bids of one auction': `/api/me/dashboard/auctions/${auctionId}/bids`,
  shows: '/api/me/dashboard/shows',
});

async function reachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function run(dialect: Dialect) {
  if (dialect === 'postgres' && !(await reachable(DEFAULT_PG))) {
    console.log(`\n${'!'.repeat(78)}\n!! SKIPPING PostgreSQL: ${DEFAULT_PG} does not answer.\n${'!'.repeat(78)}`);
    return;
  }
  const database = await benchDatabase(dialect);
  const souq = await inProcessApp(database.env);
  const db = souq.database.db;
  const at = new Date().toISOString();
  try {
    const seeding = performance.now();
    const people = Array.from({ length: 202 }, (_, i) => {
      const id = crypto.randomUUID();
      return verifiedUserRow(
        { id, username: `p${i}_${id.slice(0, 6)}`, email: `p${i}-${id.slice(0, 6)}@bench.test` },
        at,
      );
    });
    await insertAll(db, 'users', people);
    const [seller, other, ...buyers] = people.map((p) => p.id as string);
    const { busyAuction } = await seedSeller(db, seller!, buyers, options.products, options.orders);
    await seedSeller(db, other!, buyers, options.products / 5, options.orders / 2);
    await refreshStatistics(souq.database);
    if (dialect === 'postgres') await sql`vacuum analyze`.execute(db);
    const cookie = `souq_sid=${(await souq.accounts.createSession(seller!)).token}`;
    console.log(
      `\n${dialect}: ${options.products} products, ${options.orders} orders for one seller (seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s), ${options.runs} runs per chart`,
    );
    for (const [name, url] of Object.entries(CHARTS(busyAuction))) {
      const get = async () => {
        const res = await souq.app.inject({ method: 'GET', url, headers: { cookie } });
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
      };
      for (let i = 0; i < 10; i++) await get();
      const ms: number[] = [];
      for (let i = 0; i < options.runs; i++) {
        const started = performance.now();
        await get();
        ms.push(performance.now() - started);
      }
      ms.sort((a, b) => a - b);
      const p99 = percentile(ms, 99);
      console.log(
        `  ${name.padEnd(20)} p50 ${percentile(ms, 50).toFixed(1).padStart(6)} ms   p99 ${p99.toFixed(1).padStart(6)} ms${p99 < 50 ? '' : '   OVER 50 ms'}`,
      );
    }
  } finally {
    await souq.app.close();
    await database.drop();
  }
}

for (const dialect of options.dialects.split(',') as Dialect[]) await run(dialect);
