/**
 * The For You feed: ranking quality against popularity alone, and page latency at scale.
 *
 *   npm run bench:feed -- --mode quality [--dialect sqlite] [--people 1000] [--products 100000]
 *   npm run bench:feed -- --mode speed   [--dialect sqlite|postgres] [--products 100000] [--auctions 10000] [--likes 1000000]
 *
 * quality: 1,000 simulated people with hidden tastes (two favourite categories, three favourite
 * sellers) like, follow and open items over 100,000 products; 20% of each person's item
 * interactions are held out (never written). Each person's first feed page (10 items, through the
 * real service on a real database, from their own order as built off the request path once they
 * have used Souq: ADR 0045) is scored by recall@10 of their held-out items, against the ten most
 * popular items they have not touched.
 *
 * speed: first pages (which rank and fix a session) and later pages for many people, through the
 * whole app (`app.inject`), at 100,000 products, 10,000 open auctions and 1,000,000 likes.
 */
import crypto from 'node:crypto';
import { CATEGORIES } from '@souq/shared';
import { buildApp } from '../apps/server/src/app.js';
import type { DB } from '../apps/server/src/db/schema.js';
import { refreshStatistics } from '../apps/server/src/db/statistics.js';
import { sql } from 'kysely';
import { benchDatabase, percentile, type Dialect } from './support/server.js';
import { benchOptions } from './support/options.js';
import { inProcessApp } from './support/in-process.js';
import { productValues } from '../apps/server/test/fixtures/products.js';
import { verifiedUserRow } from '../apps/server/test/fixtures/users.js';

const options = benchOptions({
  mode: 'quality',
  dialect: 'sqlite',
  people: 1000,
  products: 100000,
  auctions: 10000,
  likes: 1000000,
  sellers: 500,
  seed: 7,
});
const dialect = options.dialect as Dialect;
const PRODUCTS = options.products;
const SELLERS = options.sellers;
const PEOPLE = options.people;

/** Reproducible randomness (mulberry32). */
let state = options.seed >>> 0;
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

async function insertMany<T extends keyof DB>(
  db: Awaited<ReturnType<typeof buildApp>>['database']['db'],
  table: T,
  rows: Array<Record<string, unknown>>,
) {
  const size = dialect === 'sqlite' ? 500 : 2000;
  for (let i = 0; i < rows.length; i += size)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + size) as never)
      .execute();
}

function user(i: number, at: string) {
  const id = crypto.randomUUID();
  return verifiedUserRow({ id, email: `u${i}-${id.slice(0, 6)}@bench.test`, username: `u${i}_${id.slice(0, 6)}` }, at);
}

async function main() {
  const database = await benchDatabase(dialect);
  const souq = await inProcessApp(database.env);
  const db = souq.database.db;
  const now = Date.now();
  const at = new Date(now).toISOString();
  const started = Date.now();
  try {
    const sellers = Array.from({ length: SELLERS }, (_, i) => user(i, at));
    await insertMany(db, 'users', sellers);
    // Each seller leans to two categories; popularity is long-tailed, as in any shop.
    const sellerCategories = sellers.map(() => [pick(CATEGORIES), pick(CATEGORIES)]);
    const products = Array.from({ length: PRODUCTS }, (_, i) => {
      const s = i % SELLERS;
      const category = random() < 0.85 ? pick(sellerCategories[s]!) : pick(CATEGORIES);
      const title = `Bench product ${i}`;
      const popularity = Math.floor(Math.pow(random(), 6) * 2000);
      const row = productValues(sellers[s]!.id, {
        title,
        category,
        price: 1000 + Math.floor(random() * 100_000),
        brand: 'Bench',
        popularity,
        created_at: new Date(
          now - Math.floor(random() * 120) * 86_400_000 - Math.floor(random() * 86_400_000),
        ).toISOString(),
      });
      return { ...row, popularity };
    });
    await insertMany(db, 'products', products);
    console.log(
      `${dialect}: ${PRODUCTS} products by ${SELLERS} sellers loaded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    if (options.mode === 'quality') {
      const bySeller = new Map<string, typeof products>();
      const byCategory = new Map<string, typeof products>();
      for (const p of products) {
        bySeller.set(p.owner_id, [...(bySeller.get(p.owner_id) ?? []), p]);
        byCategory.set(p.category, [...(byCategory.get(p.category) ?? []), p]);
      }
      for (const list of [...byCategory.values(), ...bySeller.values()])
        list.sort((a, b) => b.popularity - a.popularity);
      await quality(souq, db, products, bySeller, byCategory, sellers);
    } else await speed(souq, db, products);
  } finally {
    await souq.app.close();
    await database.drop();
  }
}

type Product = { id: string; owner_id: string; category: string; popularity: number };

async function quality(
  souq: Awaited<ReturnType<typeof buildApp>>,
  db: Awaited<ReturnType<typeof buildApp>>['database']['db'],
  products: Product[],
  bySeller: Map<string, Product[]>,
  byCategory: Map<string, Product[]>,
  sellers: Array<{ id: string }>,
) {
  const at = new Date().toISOString();
  const people = Array.from({ length: PEOPLE }, (_, i) => user(100_000 + i, at));
  await insertMany(db, 'users', people);
  const likes: Array<Record<string, unknown>> = [];
  const opens: Array<Record<string, unknown>> = [];
  const follows: Array<Record<string, unknown>> = [];
  const heldOut = new Map<string, Set<string>>();
  const trained = new Map<string, Set<string>>();
  for (const person of people) {
    // Hidden taste: three favourite sellers and, mostly, their categories.
    const favSellers = [pick(sellers), pick(sellers), pick(sellers)];
    const favCategories = [pick(bySeller.get(favSellers[0]!.id)!).category, pick(CATEGORIES)];
    const items = new Map<string, Product>();
    const n = 20 + Math.floor(random() * 21);
    while (items.size < n) {
      const r = random();
      // Half from favourite sellers, four in ten from favourite categories, the rest from anywhere:
      // within each, popular listings are picked more often, as people do (a seller's best sellers, a category's hits).
      const pool =
        r < 0.5
          ? bySeller.get(pick(favSellers).id)!
          : r < 0.9
            ? byCategory.get(pick(favCategories))!
            : byCategory.get(pick(CATEGORIES))!;
      const index =
        r < 0.5
          ? Math.floor(Math.pow(random(), 2) * pool.length)
          : Math.floor(Math.pow(random(), 3) * Math.min(pool.length, 2000));
      const p = pool[index]!;
      items.set(p.id, p);
    }
    const list = [...items.values()].sort(() => random() - 0.5);
    const cut = Math.floor(list.length * 0.2);
    heldOut.set(person.id, new Set(list.slice(0, cut).map((p) => p.id)));
    trained.set(person.id, new Set(list.slice(cut).map((p) => p.id)));
    for (const p of list.slice(cut)) {
      if (random() < 0.6)
        likes.push({
          product_id: p.id,
          user_id: person.id,
          seller_id: p.owner_id,
          category: p.category,
          created_at: at,
        });
      else
        opens.push({
          user_id: person.id,
          item_kind: 'product',
          item_id: p.id,
          seller_id: p.owner_id,
          category: p.category,
          created_at: at,
        });
    }
    for (const s of favSellers.slice(0, 2)) follows.push({ follower_id: person.id, followee_id: s.id, created_at: at });
  }
  await insertMany(db, 'product_likes', likes);
  await insertMany(db, 'item_opens', opens);
  const uniqueFollows = [...new Map(follows.map((f) => [`${f.follower_id}|${f.followee_id}`, f])).values()];
  await insertMany(db, 'follows', uniqueFollows);

  const popular = [...products].sort((a, b) => b.popularity - a.popularity);
  let ours = 0;
  let baseline = 0;
  const times: number[] = [];
  const builds: number[] = [];
  for (const person of people) {
    const held = heldOut.get(person.id)!;
    const row = await db.selectFrom('users').selectAll().where('id', '=', person.id).executeTakeFirstOrThrow();
    let t0 = performance.now();
    await souq.feed.refreshOrder(row);
    builds.push(performance.now() - t0);
    t0 = performance.now();
    const page = await souq.feed.page(row, {});
    times.push(performance.now() - t0);
    ours += page.items.filter((i) => held.has(i.id)).length / held.size;
    const top = popular.filter((p) => !trained.get(person.id)!.has(p.id)).slice(0, 10);
    baseline += top.filter((p) => held.has(p.id)).length / held.size;
  }
  times.sort((a, b) => a - b);
  builds.sort((a, b) => a - b);
  const r = (x: number) => (x / PEOPLE).toFixed(4);
  console.log(`\n| ranking | recall@10 (mean over ${PEOPLE} people) |\n|---|---:|`);
  console.log(`| popularity alone | ${r(baseline)} |`);
  console.log(`| For You (ours) | ${r(ours)} |`);
  console.log(`| ratio | ${(ours / Math.max(baseline, 1e-9)).toFixed(1)}× |`);
  console.log(
    `\na person's order built (off the request path): p50 ${percentile(builds, 50).toFixed(1)} ms, p99 ${percentile(builds, 99).toFixed(1)} ms; ` +
      `first page from it through the service: p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms (${likes.length} likes, ${opens.length} opens, ${uniqueFollows.length} follows)`,
  );
}

/** A million likes: two thousand people, five hundred each, over the catalog (skewed to popular items). */
async function loadLikes(
  db: Awaited<ReturnType<typeof buildApp>>['database']['db'],
  people: Array<{ id: string }>,
  products: Array<{ id: string; owner_id: string; category: string }>,
  count: number,
): Promise<number> {
  const seen = new Set<string>();
  const likes: Array<Record<string, unknown>> = [];
  while (likes.length < count) {
    const person = people[likes.length % people.length]!;
    const p = products[Math.floor(Math.pow(random(), 2) * products.length)]!;
    const key = `${person.id}|${p.id}`;
    if (seen.has(key)) continue;
    seen.add(key);
    likes.push({
      product_id: p.id,
      user_id: person.id,
      seller_id: p.owner_id,
      category: p.category,
      created_at: new Date(Date.now() - Math.floor(random() * 1e9)).toISOString(),
    });
  }
  await insertMany(db, 'product_likes', likes);
  return likes.length;
}

async function speed(
  souq: Awaited<ReturnType<typeof buildApp>>,
  db: Awaited<ReturnType<typeof buildApp>>['database']['db'],
  products: Array<{ id: string; owner_id: string; category: string; title_key: string; images: string }>,
) {
  const at = new Date().toISOString();
  const AUCTIONS = options.auctions;
  const LIKES = options.likes;
  const people = Array.from({ length: 2000 }, (_, i) => user(200_000 + i, at));
  await insertMany(db, 'users', people);
  const t0 = Date.now();
  // Auctions on products of their own (not in the shop's candidate pools).
  const auctionRows = Array.from({ length: AUCTIONS }, (_, i) => {
    const p = products[i]!;
    const ends = Date.now() + (1 + Math.floor(random() * 7 * 24)) * 3_600_000;
    return {
      id: crypto.randomUUID(),
      product_id: p.id,
      seller_id: p.owner_id,
      title: `Auction ${i}`,
      title_key: `auction ${i}`,
      category: p.category,
      images: '[]',
      starting_bid: 1000,
      reserve_price: null,
      current_bid: null,
      sort_price: 1000,
      leader_id: null,
      leader_max: null,
      closing_style: 'soft',
      starts_at: at,
      ends_at: new Date(ends).toISOString(),
      status: 'open',
      winner_id: null,
      closed_at: null,
      created_at: at,
      kind: 'timed',
      stream_id: null,
    };
  });
  await insertMany(db, 'auctions', auctionRows);
  await db
    .updateTable('products')
    .set({ is_auction: 1 })
    .where('id', 'in', db.selectFrom('auctions').select('product_id'))
    .execute();
  const likeCount = await loadLikes(db, people, products, LIKES);
  // The generated rows go before timing: the heap measured is the app's own, not the bench's
  // hundreds of megabytes, whose collection would show up as the app's latency.
  products.length = 0;
  console.log(`${AUCTIONS} auctions and ${likeCount} likes loaded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // Planner statistics as a running database has them: the app's own job on SQLite; on
  // PostgreSQL autovacuum analyses a table within a minute of a change this size.
  if (souq.database.dialect === 'sqlite') await refreshStatistics(souq.database);
  else {
    await sql`vacuum analyze`.execute(db);
    await sql`checkpoint`.execute(db);
  }
  const signIn = (group: typeof people) =>
    Promise.all(group.map(async (p) => `souq_sid=${(await souq.accounts.createSession(p.id)).token}`));
  // Warm-up and measured rounds are different people: a person's own sellers' candidate pools
  // are not read for them beforehand (they are shared only as far as tastes overlap).
  const rounds = [await signIn(people.slice(300, 600)), await signIn(people.slice(0, 300))];
  await souq.app.ready();
  const firsts: number[] = [];
  const laters: number[] = [];
  const anonymous: number[] = [];
  for (const [round, cookies] of rounds.entries()) {
    for (const cookie of cookies) {
      let t = performance.now();
      const first = await souq.app.inject({ method: 'GET', url: '/api/feed', headers: { cookie } });
      const firstMs = performance.now() - t;
      const cursor = (first.json() as { nextCursor: string }).nextCursor;
      t = performance.now();
      await souq.app.inject({ method: 'GET', url: `/api/feed?cursor=${cursor}`, headers: { cookie } });
      const laterMs = performance.now() - t;
      t = performance.now();
      await souq.app.inject({ method: 'GET', url: '/api/feed' });
      const anonMs = performance.now() - t;
      // The first round warms statements and the shared candidate pools; the second is measured.
      if (round === 1) {
        firsts.push(firstMs);
        laters.push(laterMs);
        anonymous.push(anonMs);
      }
    }
  }
  const row = (label: string, xs: number[]) => {
    xs.sort((a, b) => a - b);
    return `| ${label} | ${percentile(xs, 50).toFixed(1)} | ${percentile(xs, 95).toFixed(1)} | ${percentile(xs, 99).toFixed(1)} |`;
  };
  console.log(
    `\n${dialect}: ${PRODUCTS} products, ${AUCTIONS} auctions, ${likeCount} likes; ${rounds[1]!.length} people, app.inject, after a warm-up round by ${rounds[0]!.length} others`,
  );
  console.log('| request | p50 ms | p95 ms | p99 ms |\n|---|---:|---:|---:|');
  console.log(row('first page, signed in (ranks and fixes a session)', firsts));
  console.log(row('next page, signed in (reads the session)', laters));
  console.log(row('first page, signed out', anonymous));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
