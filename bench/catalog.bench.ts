/**
 * Shop and search API latency over a large catalog, on SQLite or PostgreSQL.
 *
 *   npx tsx bench/catalog.bench.ts --dialect sqlite   [--products 100000] [--runs 200]
 *   npx tsx bench/catalog.bench.ts --dialect postgres [--url postgres://postgres@127.0.0.1:5432/test]
 *
 * Loads N products straight into a fresh database (SQLite temp file, or a throwaway PostgreSQL
 * schema), then times requests through the real app (`app.inject`: routing, validation, SQL,
 * JSON) and prints a Markdown table for bench/README.md. Every request builds its answer (see
 * `rebuild`), as the first reader of a page or a text does. A third of the products have Arabic
 * titles and keywords (Arabic-Indic digits, hamza, teh marbuta), as a Gulf catalog does, so the
 * Arabic searches meet folded text and the English ones meet a mixed catalog.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { CATEGORIES } from '@souq/shared';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig, type Config } from '../apps/server/src/config.js';
import { verifiedUserRow } from '../apps/server/test/fixtures/users.js';
import { benchOptions } from './support/options.js';
import { productValues } from '../apps/server/test/fixtures/products.js';

const options = benchOptions({
  dialect: 'sqlite',
  products: 100000,
  runs: 200,
  url: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
});
const N = options.products;
const RUNS = options.runs;

const BRANDS = [
  'Rolex',
  'Seiko',
  'Casio',
  'Apple',
  'Samsung',
  'Sony',
  'Dell',
  'Lenovo',
  'Dior',
  'Chanel',
  'Nike',
  'Adidas',
  'LG',
  'Dyson',
  'Gucci',
  'Ray-Ban',
];
const NOUNS = [
  'watch',
  'phone',
  'laptop',
  'serum',
  'sedan',
  'fridge',
  'perfume',
  'sunglasses',
  'console',
  'television',
  'kandura',
  'abaya',
  'toy',
  'racket',
  'bundle',
];
const ADJECTIVES = [
  'classic',
  'premium',
  'vintage',
  'smart',
  'limited',
  'sport',
  'deluxe',
  'compact',
  'wireless',
  'gold',
  'silver',
  'midnight',
];
// Watch, phone, bag, perfume, glasses, ring, bracelet, abaya, kandura, prayer beads, incense, coffee pot.
const AR_NOUNS = ['ساعة', 'هاتف', 'حقيبة', 'عطر', 'نظارة', 'خاتم', 'سوار', 'عباية', 'كندورة', 'مسبحة', 'بخور', 'دلة'];
// New, original, used, luxurious, gold, silver, men's, women's, classic, special.
const AR_ADJECTIVES = ['جديد', 'أصلي', 'مستعمل', 'فاخر', 'ذهب', 'فضة', 'رجالي', 'نسائي', 'كلاسيكي', 'مميز'];
/** Saffron: in one Arabic title of a thousand, for a rare Arabic search. */
const AR_RARE = 'زعفران';
const pick = <T>(items: readonly T[], i: number) => items[i % items.length]!;
const arabicIndic = (n: number) => String(n).replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/**
 * A third of the products are listed in Arabic, the Latin brand kept as sellers write it. Which
 * third comes from a hash of i, not i % 3: the English words and categories repeat with i modulo
 * 3, 5, 15 and 16, and taking every third i would take every English "watch" with it.
 */
function words(i: number): { title: string; keywords: string[] } {
  let h = Math.imul(i ^ (i >>> 16), 0x45d9f3b);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  h = (h ^ (h >>> 16)) >>> 0;
  if (h % 3 === 0) {
    const j = Math.floor(h / 3);
    const rare = h % 3000 === 0 ? ` ${AR_RARE}` : '';
    return {
      title: `${pick(AR_NOUNS, j)} ${pick(BRANDS, i)} ${pick(AR_ADJECTIVES, j >>> 4)}${rare} ${arabicIndic(i)}`,
      keywords: [pick(AR_NOUNS, j >>> 8), pick(AR_ADJECTIVES, j >>> 12)],
    };
  }
  return {
    title: `${pick(BRANDS, i)} ${pick(ADJECTIVES, i * 3)} ${pick(NOUNS, i * 5)} ${i}`,
    keywords: [pick(NOUNS, i * 11), pick(ADJECTIVES, i * 13)],
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-bench-'));
  const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
  const base = loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dataDir });
  const config: Config =
    options.dialect === 'postgres' ? { ...base, database: { kind: 'postgres', url: options.url, schema } } : base;
  const { app, database } = await buildApp(config);
  const db = database.db;

  const started = Date.now();
  const at = new Date().toISOString();
  const sellers = Array.from({ length: 50 }, (_, i) =>
    verifiedUserRow({ id: crypto.randomUUID(), email: `seller${i}@bench.test`, username: `seller${i}` }, at),
  );
  await db.insertInto('users').values(sellers).execute();
  for (let start = 0; start < N; start += 500) {
    const rows = Array.from({ length: Math.min(500, N - start) }, (_, j) => {
      const i = start + j;
      const category = pick(CATEGORIES, i * 7);
      const { title, keywords } = words(i);
      const reviews = i % 40;
      const likes = (i * 31) % 200;
      return productValues(sellers[i % sellers.length]!.id, {
        title,
        keywordList: keywords,
        description: `A ${title.toLowerCase()} in excellent condition.`,
        category,
        price: 1000 + ((i * 7919) % 5_000_000),
        brand: pick(BRANDS, i),
        rating: reviews ? Math.round((1 + ((i * 17) % 40) / 10) * 10) / 10 : 0,
        review_count: reviews,
        like_count: likes,
        popularity: likes + 3 * reviews,
        created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      });
    });
    await db.insertInto('products').values(rows).execute();
  }
  // What autovacuum does in production; on PostgreSQL that includes moving the trigram index's
  // pending entries (GIN fastupdate) into the index, which a freshly loaded table still holds.
  await (options.dialect === 'postgres' ? sql`vacuum analyze products` : sql`analyze`).execute(db);
  const loadSeconds = (Date.now() - started) / 1000;

  /**
   * On SQLite the app keeps each answer until the data changes (ADR 0019), so the same URL timed
   * 200 times would time the kept copy, not the query. A write nobody reads (a seller's bio set to
   * itself), outside the timed span, makes every request build its answer. PostgreSQL keeps none.
   */
  const rebuild = async () => {
    if (options.dialect === 'sqlite') await sql`update users set bio = bio where id = ${sellers[0]!.id}`.execute(db);
  };

  async function time(url: string): Promise<{ p50: number; p95: number; max: number; items: number }> {
    const samples: number[] = [];
    let items = 0;
    for (let i = 0; i < RUNS; i++) {
      await rebuild();
      const t0 = process.hrtime.bigint();
      const res = await app.inject({ method: 'GET', url });
      samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
      if (res.statusCode !== 200) throw new Error(`${url} → ${res.statusCode} ${res.body}`);
      items = (res.json() as { items: unknown[] }).items.length;
    }
    samples.sort((a, b) => a - b);
    const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
    return { p50: at(0.5), p95: at(0.95), max: samples[samples.length - 1]!, items };
  }

  /** The cursor of page 50, to time a deep page. */
  async function deepCursor(url: string): Promise<string> {
    let cursor = '';
    for (let i = 0; i < 50; i++)
      cursor = (await app.inject({ method: 'GET', url: `${url}${cursor ? `&cursor=${cursor}` : ''}` })).json()
        .nextCursor;
    return cursor;
  }

  const scenarios: [string, string][] = [
    ['shop, Most Popular, page 1', '/api/products?sort=popular'],
    ['shop, Price low to high, page 1', '/api/products?sort=price-asc'],
    ['shop, Alphabetical Z-A, page 1', '/api/products?sort=title-desc'],
    ['shop, Rating high to low, page 1', '/api/products?sort=rating-desc'],
    ['shop, category Watches, Price high to low', '/api/products?category=Watches&sort=price-desc'],
    [
      'shop, Most Popular, page 51',
      `/api/products?sort=popular&cursor=${await deepCursor('/api/products?sort=popular')}`,
    ],
    ['search "watch" (common), by name', '/api/search?q=watch&sort=name&order=asc'],
    ['search "rolex classic" (1 in 24), by price desc', '/api/search?q=rolex%20classic&sort=price&order=desc'],
    ['search "99999" (one product)', '/api/search?q=99999&sort=name&order=asc'],
    ['search "zzz" (no match)', '/api/search?q=zzz&sort=rating&order=desc'],
    ['search "ساعة" (common Arabic), by name', `/api/search?q=${encodeURIComponent('ساعة')}&sort=name&order=asc`],
    [
      'search "ساعه" (the same, folded spelling), by price desc',
      `/api/search?q=${encodeURIComponent('ساعه')}&sort=price&order=desc`,
    ],
    [
      'search "اصلي" (common, hamza left off), by rating',
      `/api/search?q=${encodeURIComponent('اصلي')}&sort=rating&order=desc`,
    ],
    [
      `search "${AR_RARE}" (rare Arabic, 1 in 3,000)`,
      `/api/search?q=${encodeURIComponent(AR_RARE)}&sort=name&order=asc`,
    ],
    [
      'search "٩٩٩٩٨" (one product, Arabic-Indic digits for Western)',
      `/api/search?q=${encodeURIComponent('٩٩٩٩٨')}&sort=name&order=asc`,
    ],
    ['search "قهوة" (no match, Arabic)', `/api/search?q=${encodeURIComponent('قهوة')}&sort=rating&order=desc`],
  ];

  console.log(
    `\n${options.dialect}: ${N.toLocaleString('en')} products loaded in ${loadSeconds.toFixed(1)} s; ${RUNS} sequential requests per row (app.inject)\n`,
  );
  console.log('| request | p50 ms | p95 ms | max ms | items |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, url] of scenarios) {
    await time(url); // warm-up
    const r = await time(url);
    console.log(`| ${name} | ${r.p50.toFixed(2)} | ${r.p95.toFixed(2)} | ${r.max.toFixed(2)} | ${r.items} |`);
  }

  if (options.dialect === 'postgres') {
    const plan = await sql<{
      'QUERY PLAN': string;
    }>`explain select id from products where search_text like ${'%99999%'} escape '\\' order by title_key, id limit 25`.execute(
      db,
    );
    console.log(
      '\nPostgreSQL plan for the one-product search:\n' + plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n'),
    );
  }

  await app.close();
  if (options.dialect === 'postgres') {
    const client = new pg.Client({ connectionString: options.url });
    await client.connect();
    await client.query(`drop schema ${schema} cascade`);
    await client.end();
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
