/**
 * Saved-search alerts (issue 32, ADR 0040): the publish path with 10,000 saved searches, against
 * the same path with none, side by side in one run, on each database.
 *
 *   npm run bench:saved-search [-- --dialects sqlite,postgres --searches 10000 --people 2000 --publishes 200]
 *
 * A publish is the catalog's own `create` (a product row, its photo stored, the seller's count)
 * up to the moment its matching has finished after the answer (`afterAnswer.settle()`): the
 * matching people found through the word index and their hits and bells written. "Matching" is
 * that last part alone (`savedSearches.onPublished`), on listings like the others. Searches are 1–3 words
 * from a 3,000-word vocabulary (a tenth in Arabic), some with a category, a ceiling or auctions
 * only; listings are titles of 5 such words, so each matches a few dozen searches.
 */
import crypto from 'node:crypto';
import sharp from 'sharp';
import { CATEGORIES, ProductSchema, type ProductInput } from '@souq/shared';
import { refreshStatistics } from '../apps/server/src/db/statistics.js';
import { matchingPeople } from '../apps/server/src/modules/saved-searches/queries.js';
import { searchWords } from '../apps/server/src/modules/saved-searches/words.js';
import { verifiedUserRow } from '../apps/server/test/fixtures/users.js';
import { benchDatabase, percentile, type Dialect } from './support/server.js';
import { benchOptions } from './support/options.js';
import { inProcessApp } from './support/in-process.js';

const options = benchOptions({ dialects: 'sqlite,postgres', searches: 10000, people: 2000, publishes: 200, seed: 7 });

let state = options.seed >>> 0;
function random(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;

const ARABIC = ['ساعة', 'هاتف', 'ذهب', 'فضة', 'جلد', 'أصلي', 'جديد', 'مستعمل', 'كاميرا', 'عطر'];
const VOCABULARY = Array.from({ length: 3000 }, (_, i) =>
  i % 10 === 0 ? `${ARABIC[(i / 10) % ARABIC.length]}${i}` : `w${i.toString(36)}`,
);
const title = () => Array.from({ length: 5 }, () => pick(VOCABULARY)).join(' ');

function summary(ms: number[]) {
  const sorted = [...ms].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`;
}

async function run(dialect: Dialect) {
  const database = await benchDatabase(dialect);
  const souq = await inProcessApp(database.env);
  const db = souq.database.db;
  const at = new Date().toISOString();
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0f766e' } })
    .png()
    .toBuffer();
  try {
    const sellerId = crypto.randomUUID();
    await db
      .insertInto('users')
      .values(verifiedUserRow({ id: sellerId, username: 'bench_seller', email: 'seller@bench.test' }, at))
      .execute();
    const seller = (await souq.accounts.userById(sellerId))!;
    // Parsed as the route parses a seller's form, so the product is what a real one would be.
    const input = (): ProductInput =>
      ProductSchema.parse({
        title: title(),
        description: 'A bench product.',
        category: pick(CATEGORIES),
        price: String(1000 + Math.floor(random() * 500_000)),
        condition: 'used',
        brand: 'Bench',
        dimensions: '10x10x10',
        weight: '1',
        countryOfOrigin: 'UAE',
      });

    const publishes = async () => {
      const ms: number[] = [];
      for (let i = 0; i < options.publishes; i++) {
        const started = performance.now();
        await souq.catalog.create(seller, input(), { images: [photo] });
        await souq.afterAnswer.settle();
        ms.push(performance.now() - started);
      }
      return ms;
    };
    const matching = async () => {
      const ms: number[] = [];
      let told = 0;
      for (let i = 0; i < options.publishes; i++) {
        const product = input();
        const id = crypto.randomUUID();
        const started = performance.now();
        await souq.savedSearches.onPublished({
          kind: 'product',
          id,
          sellerId,
          title: product.title,
          texts: [product.title, product.category],
          category: product.category,
          price: product.price,
          link: `/product/${id}`,
        });
        ms.push(performance.now() - started);
        told += Number(
          (
            await db
              .selectFrom('saved_search_hits')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('listing_id', '=', id)
              .executeTakeFirstOrThrow()
          ).n,
        );
      }
      return { ms, told: told / options.publishes };
    };
    /** The index lookup alone (the people found, nothing written), to tell it from the writes. */
    const finding = async () => {
      const ms: number[] = [];
      for (let i = 0; i < options.publishes; i++) {
        const product = input();
        const started = performance.now();
        await matchingPeople(db, {
          words: searchWords(product.title, product.category),
          category: product.category,
          price: product.price,
          isAuction: false,
          sellerId,
        });
        ms.push(performance.now() - started);
      }
      return ms;
    };

    const none = { publish: await publishes(), matching: await matching(), finding: await finding() };

    const people = Array.from({ length: options.people }, (_, i) => {
      const id = crypto.randomUUID();
      return verifiedUserRow(
        { id, username: `p${i}_${id.slice(0, 6)}`, email: `p${i}-${id.slice(0, 6)}@bench.test` },
        at,
      );
    });
    for (let i = 0; i < people.length; i += 500)
      await db
        .insertInto('users')
        .values(people.slice(i, i + 500))
        .execute();
    const searches = Array.from({ length: options.searches }, (_, i) => {
      const text = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(VOCABULARY)).join(' ');
      const words = searchWords(text);
      const r = random();
      return {
        row: {
          id: crypto.randomUUID(),
          user_id: people[i % people.length]!.id as string,
          text,
          category: r < 0.3 ? pick(CATEGORIES) : null,
          max_price: r > 0.6 ? 1000 + Math.floor(random() * 500_000) : null,
          auctions_only: r > 0.9 ? 1 : 0,
          word_count: words.length,
          search_key: `${words.join(' ')}|${i}`,
          created_at: at,
        },
        words,
      };
    });
    for (let i = 0; i < searches.length; i += 500) {
      const batch = searches.slice(i, i + 500);
      await db
        .insertInto('saved_searches')
        .values(batch.map((s) => s.row))
        .execute();
      await db
        .insertInto('saved_search_words')
        .values(
          batch.flatMap((s) => s.words.map((word) => ({ word, search_id: s.row.id, word_count: s.words.length }))),
        )
        .execute();
    }
    await refreshStatistics(souq.database);

    const full = { publish: await publishes(), matching: await matching(), finding: await finding() };
    console.log(`\n${dialect}, ${options.publishes} publishes each`);
    console.log(`  publish, 0 saved searches:       ${summary(none.publish)}`);
    console.log(`  publish, ${options.searches} saved searches:  ${summary(full.publish)}`);
    console.log(`  matching alone, 0 searches:      ${summary(none.matching.ms)}`);
    console.log(`  finding alone, 0 searches:       ${summary(none.finding)}`);
    console.log(`  finding alone, ${options.searches} searches:  ${summary(full.finding)}`);
    console.log(
      `  matching alone, ${options.searches} searches: ${summary(full.matching.ms)} (${full.matching.told.toFixed(1)} people told a listing)`,
    );
  } finally {
    await souq.app.close();
    await database.drop();
  }
}

for (const dialect of options.dialects.split(',') as Dialect[]) await run(dialect);
