import fc from 'fast-check';
import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode, type QueryId } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductSummary } from '@souq/shared';
import { call, createProduct, createUser, insertProducts, type TestUser } from '../../../test/catalog-support.js';
import { DIALECTS, apiError, startTestApp, type TestApp } from '../../../test/support.js';
import * as pq from './page-queries.js';

type Page = { items: ProductSummary[]; nextCursor: string | null };
const BAD_CURSOR = apiError('VALIDATION_FAILED', 'This page of results has expired. Please reload.');
const BAD_SORT = 'Unknown sort order.';

/** Follows nextCursor to the end; fails on a loop. */
async function allPages(t: TestApp, url: string): Promise<{ ids: string[]; pages: number; items: ProductSummary[] }> {
  const items: ProductSummary[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const sep = url.includes('?') ? '&' : '?';
    const res = await call(t, 'GET', cursor ? `${url}${sep}cursor=${encodeURIComponent(cursor)}` : url);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as Page;
    items.push(...page.items);
    cursor = page.nextCursor;
    if (++pages > 100) throw new Error('paging does not end');
  } while (cursor);
  return { ids: items.map((i) => i.id), pages, items };
}

const cursorOf = (value: unknown, id: unknown) => Buffer.from(JSON.stringify([value, id])).toString('base64url');

interface Spec {
  id: string;
  title: string;
  category: string;
  price: number;
  rating: number;
  popularity: number;
  isAuction?: boolean;
}

const SORTS = {
  'price-asc': ['price', 'asc'],
  'price-desc': ['price', 'desc'],
  'title-asc': ['titleKey', 'asc'],
  'title-desc': ['titleKey', 'desc'],
  'rating-desc': ['rating', 'desc'],
  'rating-asc': ['rating', 'asc'],
  popular: ['popularity', 'desc'],
} as const;

/** The order the API promises: the sort value, then the id, both in the sort's direction. */
function expectedOrder(products: Spec[], sort: keyof typeof SORTS): string[] {
  const [key, direction] = SORTS[sort];
  const value = (p: Spec) => (key === 'titleKey' ? p.title.toLowerCase() : p[key]);
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = [...products].sort((a, b) => cmp(value(a), value(b)) || cmp(a.id, b.id));
  return (direction === 'asc' ? sorted : sorted.reverse()).map((p) => p.id);
}

describe.each(DIALECTS)('GET /api/products (%s)', (dialect) => {
  let t: TestApp;
  let seller: TestUser;
  let shop: Spec[];
  let auctionIds: string[];
  beforeAll(async () => {
    t = await startTestApp(dialect);
    seller = await createUser(t);
    // 30 products with many ties in every sort value, plus two moved to auctions.
    const titles = ['apple', 'Banana', 'cherry', 'Apple', 'banana', 'Date', 'elderberry', 'Fig', 'grape', 'APPLE'];
    const categories = ['Watches', 'Mobiles', 'Gaming'];
    const ratings = [0, 4.5, 3.8, 4.5, 5, 0, 2.3, 3.8];
    const specs = Array.from({ length: 32 }, (_, i) => ({
      title: `${titles[i % titles.length]}${i % 4 === 0 ? '' : ` ${i % 3}`}`,
      category: categories[i % 3]!,
      price: [1000, 500, 1000, 250000, 1000, 99][i % 6]!,
      rating: ratings[i % ratings.length]!,
      popularity: [3, 0, 8, 3, 0][i % 5]!,
      isAuction: i >= 30,
    }));
    const ids = await insertProducts(
      t,
      seller.id,
      specs.map((s, i) => ({
        title: s.title,
        category: s.category,
        price: s.price,
        rating: s.rating,
        popularity: s.popularity,
        is_auction: s.isAuction ? 1 : 0,
        created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      })),
    );
    const all = specs.map((s, i) => ({ ...s, id: ids[i]! }));
    shop = all.filter((s) => !s.isAuction);
    auctionIds = all.filter((s) => s.isAuction).map((s) => s.id);
  });
  afterAll(() => t.close());

  it('lists shop products as summaries, most popular first, 24 to a page by default', async () => {
    const res = await call(t, 'GET', '/api/products');
    expect(res.statusCode).toBe(200);
    const page = res.json() as Page;
    expect(page.items).toHaveLength(24);
    expect(page.nextCursor).toEqual(expect.any(String));
    expect(page.items.map((p) => p.id)).toEqual(expectedOrder(shop, 'popular').slice(0, 24));
    const first = shop.find((s) => s.id === page.items[0]!.id)!;
    expect(page.items[0]).toEqual({
      id: first.id,
      title: first.title,
      titleAr: null,
      category: first.category,
      price: first.price,
      previousPrice: null,
      rating: first.rating,
      reviewCount: 0,
      likeCount: 0,
      image: { url: '/images/placeholder.svg', thumb: '/images/placeholder.svg' },
      ownerId: seller.id,
      isAuction: false,
      auctionId: null,
      createdAt: expect.stringMatching(/^2026-01-01T/),
    });
  });

  it.each(Object.keys(SORTS) as Array<keyof typeof SORTS>)(
    'sorts %s and pages through every product exactly once, ties broken by id',
    async (sort) => {
      const { ids, pages } = await allPages(t, `/api/products?sort=${sort}&limit=7`);
      expect(pages).toBe(5);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toEqual(expectedOrder(shop, sort));
      for (const id of auctionIds) expect(ids).not.toContain(id);
    },
  );

  it('sorts titles alphabetically whatever their case', async () => {
    const { items } = await allPages(t, '/api/products?sort=title-asc&limit=60');
    const keys = items.map((p) => p.title.toLowerCase());
    expect(keys).toEqual([...keys].sort());
    expect(items[0]!.title.toLowerCase()).toBe('apple');
    const { items: desc } = await allPages(t, '/api/products?sort=title-desc&limit=60');
    expect(desc.map((p) => p.title.toLowerCase())).toEqual([...keys].reverse());
    expect(desc[0]!.title.toLowerCase().startsWith('grape')).toBe(true);
  });

  it('shows the values each sort is by, in order', async () => {
    const values = async (sort: string, pick: (p: ProductSummary) => number) =>
      (await allPages(t, `/api/products?sort=${sort}&limit=60`)).items.map(pick);
    const prices = await values('price-asc', (p) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBe(99);
    expect(await values('price-desc', (p) => p.price)).toEqual([...prices].reverse());
    const ratings = await values('rating-desc', (p) => p.rating);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));
    expect(ratings[0]).toBe(5);
    expect(await values('rating-asc', (p) => p.rating)).toEqual([...ratings].reverse());
  });

  it('filters by category, paging within it', async () => {
    const { ids } = await allPages(t, '/api/products?category=Watches&sort=price-asc&limit=4');
    expect(ids).toEqual(
      expectedOrder(
        shop.filter((s) => s.category === 'Watches'),
        'price-asc',
      ),
    );
    expect(ids).toHaveLength(10);
    const empty = await call(t, 'GET', '/api/products?category=Cars');
    expect(empty.json()).toEqual({ items: [], nextCursor: null });
  });

  it('refuses an unknown category, sort or page size', async () => {
    const category = await call(t, 'GET', '/api/products?category=Spaceships');
    expect(category.statusCode).toBe(400);
    expect(category.json()).toEqual(
      apiError('VALIDATION_FAILED', 'Please select a category.', { category: 'Please select a category.' }),
    );
    for (const sort of ['cheapest', 'price', 'PRICE-ASC']) {
      const res = await call(t, 'GET', `/api/products?sort=${sort}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(apiError('VALIDATION_FAILED', BAD_SORT, { sort: BAD_SORT }));
    }
    for (const limit of ['0', '61', 'ten', '2.5']) {
      const res = await call(t, 'GET', `/api/products?limit=${limit}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', fields: { limit: expect.any(String) } } });
    }
  });

  it.each([
    ['garbage', 'not-a-cursor!'],
    ['base64 of a non-array', Buffer.from('{"a":1}').toString('base64url')],
    ['an array of the wrong shape', cursorOf(1000, 42)],
    ['an over-long cursor', 'A'.repeat(501)],
  ])('refuses a bad cursor (%s) with 400', async (_case, cursor) => {
    const res = await call(t, 'GET', `/api/products?sort=price-asc&cursor=${encodeURIComponent(cursor)}`);
    expect(res.statusCode).toBe(400);
    if (cursor.length <= 500) expect(res.json()).toEqual(BAD_CURSOR);
    else expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });

  it.each([
    ['a title cursor for a price sort', 'price-asc', cursorOf('apple', '00000000-0000-4000-8000-000000000000')],
    ['a fractional price', 'price-desc', cursorOf(10.5, '00000000-0000-4000-8000-000000000000')],
    ['a price cursor for a title sort', 'title-asc', cursorOf(1000, '00000000-0000-4000-8000-000000000000')],
    ['a huge number for popularity', 'popular', cursorOf(1e300, '00000000-0000-4000-8000-000000000000')],
  ])(
    'refuses a cursor that does not fit the sort (%s) with 400, never a database error',
    async (_case, sort, cursor) => {
      const res = await call(t, 'GET', `/api/products?sort=${sort}&cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(BAD_CURSOR);
    },
  );
});

describe.each(DIALECTS)('GET /api/search (%s)', (dialect) => {
  let t: TestApp;
  const id: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const seller = await createUser(t);
    const rows = {
      seamaster: {
        title: 'Seamaster Professional',
        category: 'Watches',
        keywordList: ['diver', 'automatic'],
        price: 500000,
        rating: 4.8,
      },
      pocket: { title: 'Pocket WATCH chain', category: "Men's", keywordList: ['vintage'], price: 12000, rating: 3.1 },
      shirt: {
        title: 'Striped Shirt',
        category: "Men's",
        description: 'A zebra pattern shirt with long sleeves.',
        price: 9000,
      },
      tee: { title: '100% Cotton Tee', category: "Men's", keywordList: ['cotton'], price: 5000 },
      bag: { title: '100 big cotton bag', category: 'Beauty', price: 3000 },
      snake: { title: 'snake_case mug', category: 'Appliances', price: 2500 },
      sneaky: { title: 'sneaky exc mug', category: 'Gaming', price: 2500 },
      path: { title: 'C:\\Games folder', category: 'Gaming', price: 100 },
      delta: { title: 'delta', category: 'Sports', keywordList: ['zzsort'], price: 400, rating: 2 },
      alpha: { title: 'Alpha', category: 'Sports', keywordList: ['zzsort'], price: 100, rating: 5 },
      charlie: { title: 'charlie', category: 'Sports', keywordList: ['zzsort'], price: 300, rating: 1 },
      bravo: { title: 'Bravo', category: 'Sports', keywordList: ['zzsort'], price: 200, rating: 4 },
    };
    const ids = await insertProducts(t, seller.id, Object.values(rows));
    Object.keys(rows).forEach((name, i) => (id[name] = ids[i]!));
    // Through the form: keywords as repeated fields and as one comma-separated string.
    id.kite = await createProduct(t, seller, {
      title: 'North Rebel 12m',
      category: 'Sports',
      keywords: ['Kitesurf', 'Board'],
    });
    id.paddle = await createProduct(t, seller, {
      title: 'Red Paddle Ride',
      category: 'Sports',
      keywords: 'Inflatable, SUP',
    });
  });
  afterAll(() => t.close());

  const search = async (query: string, extra = '') => {
    const res = await call(t, 'GET', `/api/search?q=${encodeURIComponent(query)}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Page;
  };
  const found = async (query: string) => (await search(query, '&limit=60')).items.map((p) => p.id).sort();
  const ids = (...names: string[]) => names.map((n) => id[n]!).sort();

  it.each([
    ['IVER', ['seamaster'], 'a keyword, whatever the case'],
    ['seamaster pro', ['seamaster'], 'the title'],
    ['watch', ['seamaster', 'pocket'], 'the category Watches and a title'],
    ["MEN'S", ['pocket', 'shirt', 'tee'], 'a category with an apostrophe'],
    ['zebra', [], 'only the description: no match'],
    ['kitesurf', ['kite'], 'a keyword given as a list'],
    ['sup', ['paddle'], 'a keyword given as a comma-separated string'],
    ['inflatable', ['paddle'], 'the first keyword of a comma-separated string'],
    ['100%', ['tee'], 'a % taken literally'],
    ['% cotton', ['tee'], 'a leading % taken literally'],
    ['e_c', ['snake'], 'an _ taken literally'],
    ['c:\\games', ['path'], 'a backslash taken literally'],
    ['nothing-like-this', [], 'nothing'],
  ])('q=%j finds %j (%s)', async (query, names) => {
    expect(await found(query)).toEqual(ids(...names));
  });

  it('answers an empty or blank query with no products, not everything', async () => {
    expect(await search('')).toEqual({ items: [], nextCursor: null });
    expect(await search('   ')).toEqual({ items: [], nextCursor: null });
    const none = await call(t, 'GET', '/api/search');
    expect(none.json()).toEqual({ items: [], nextCursor: null });
  });

  it.each([
    ['', ['alpha', 'bravo', 'charlie', 'delta']],
    ['&sort=name&order=asc', ['alpha', 'bravo', 'charlie', 'delta']],
    ['&sort=name&order=desc', ['delta', 'charlie', 'bravo', 'alpha']],
    ['&sort=price&order=asc', ['alpha', 'bravo', 'charlie', 'delta']],
    ['&sort=price&order=desc', ['delta', 'charlie', 'bravo', 'alpha']],
    ['&sort=rating&order=asc', ['charlie', 'delta', 'bravo', 'alpha']],
    ['&sort=rating&order=desc', ['alpha', 'bravo', 'delta', 'charlie']],
  ])('sorts the results by %j', async (params, names) => {
    expect((await search('ZZSORT', params)).items.map((p) => p.id)).toEqual(names.map((n) => id[n]));
  });

  it('pages the results', async () => {
    const first = await search('zzsort', '&sort=price&order=desc&limit=3');
    expect(first.items.map((p) => p.id)).toEqual(['delta', 'charlie', 'bravo'].map((n) => id[n]));
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await search('zzsort', `&sort=price&order=desc&limit=3&cursor=${first.nextCursor}`);
    expect(second).toEqual({
      items: [expect.objectContaining({ id: id.alpha, title: 'Alpha', price: 100 })],
      nextCursor: null,
    });
  });

  it('refuses a bad sort, order, cursor or an over-long query', async () => {
    for (const params of ['&sort=popularity', '&order=up']) {
      const res = await call(t, 'GET', `/api/search?q=zzsort${params}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message: BAD_SORT } });
    }
    const cursor = await call(t, 'GET', '/api/search?q=zzsort&cursor=nope');
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json()).toEqual(BAD_CURSOR);
    const long = await call(t, 'GET', `/api/search?q=${'a'.repeat(101)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual(
      apiError('VALIDATION_FAILED', 'Search text must be at most 100 characters.', {
        q: 'Search text must be at most 100 characters.',
      }),
    );
  });
});

describe.each(DIALECTS)('GET /api/search in Arabic (%s)', (dialect) => {
  let t: TestApp;
  const id: Record<string, string> = {};
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const seller = await createUser(t);
    const rows = {
      watch: { title: 'ساعة يد رجالية', category: 'Watches', keywordList: ['أصلي'] },
      iphone: { title: 'iPhone 15 ٢٥٦ جيجا', category: 'Mobiles' },
      musk: { title: 'مسك أحمد', category: 'Fragrances' },
      oud: { title: 'عود احمد', category: 'Fragrances' },
      seamaster: { title: 'Seamaster 300', category: 'Watches', keywordList: ['diver'] },
      sale: { title: 'خصم ٥٠% اليوم', category: 'Deals' },
      cup: { title: 'كوب "مرحبا"', category: 'Appliances' },
    };
    const ids = await insertProducts(t, seller.id, Object.values(rows));
    Object.keys(rows).forEach((name, i) => (id[name] = ids[i]!));
    // Through the form: Arabic keywords on an English title, English keywords on an Arabic one.
    id.perfume = await createProduct(t, seller, {
      title: 'Royal Oud perfume',
      category: 'Fragrances',
      keywords: 'عطر, عود',
    });
    id.bag = await createProduct(t, seller, {
      title: 'حقيبة جلد طبيعي',
      category: "Women's",
      keywords: ['Leather', 'Bag'],
    });
    // Both languages given: an English title with the seller's Arabic beside it.
    id.kettle = await createProduct(t, seller, {
      title: 'Electric kettle',
      titleAr: 'غلاية كهربائية',
      description: 'Boils a litre in three minutes.',
      descriptionAr: 'تغلي لتراً من الماء في ثلاث دقائق.',
      category: 'Appliances',
    });
  });
  afterAll(() => t.close());

  const found = async (query: string) => {
    const res = await call(t, 'GET', `/api/search?q=${encodeURIComponent(query)}&limit=60`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Page).items.map((p) => p.id).sort();
  };
  const ids = (...names: string[]) => names.map((n) => id[n]!).sort();

  it.each([
    ['ساعه', ['watch'], 'heh for teh marbuta'],
    ['ساعة', ['watch'], 'as it is written'],
    ['سَاعَة', ['watch'], 'with harakat'],
    ['ســاعة', ['watch'], 'with tatweel'],
    ['ساعة يد', ['watch'], 'two words'],
    ['رجاليه', ['watch'], 'the last word, heh for teh marbuta'],
    ['اصلي', ['watch'], 'a keyword, without its hamza'],
    ['256', ['iphone'], 'Western digits for Arabic-Indic ones'],
    ['٢٥٦', ['iphone'], 'Arabic-Indic digits'],
    ['۲۵۶', ['iphone'], 'Persian digits'],
    ['IPHONE 15', ['iphone'], 'the Latin part, whatever its case'],
    ['٣٠٠', ['seamaster'], 'Arabic-Indic digits for Western ones'],
    ['أحمد', ['musk', 'oud'], 'alef with hamza above'],
    ['احمد', ['musk', 'oud'], 'bare alef'],
    ['إحمد', ['musk', 'oud'], 'alef with hamza below'],
    ['عطر', ['perfume'], 'an Arabic keyword on an English title'],
    ['عود', ['oud', 'perfume'], 'an Arabic title and an Arabic keyword'],
    ['leather', ['bag'], 'an English keyword on an Arabic title'],
    ['حقيبه', ['bag'], 'an Arabic title sent through the form'],
    ['seamaster', ['seamaster'], 'English as before'],
    ['غلايه', ['kettle'], "the seller's Arabic title beside an English one"],
    ['kettle', ['kettle'], 'the English title of a product with both'],
    ['%', ['sale'], 'a % taken literally'],
    ['50%', ['sale'], 'a % after Arabic-Indic digits'],
    ['_', [], 'an _ taken literally'],
    ['"مرحبا"', ['cup'], 'double quotes taken literally'],
    ['كوب "', ['cup'], 'a lone double quote'],
  ])('q=%j finds %j (%s)', async (query, names) => {
    expect(await found(query)).toEqual(ids(...names));
  });

  it("answers both languages' title and description, and takes either away on an edit", async () => {
    const detail = (await call(t, 'GET', `/api/products/${id.kettle}`)).json() as Record<string, unknown>;
    expect(detail).toMatchObject({
      title: 'Electric kettle',
      titleAr: 'غلاية كهربائية',
      descriptionAr: 'تغلي لتراً من الماء في ثلاث دقائق.',
    });
    const listed = (await call(t, 'GET', `/api/search?q=kettle`)).json() as Page;
    expect(listed.items[0]).toMatchObject({ title: 'Electric kettle', titleAr: 'غلاية كهربائية' });
    expect(((await call(t, 'GET', `/api/products/${id.watch}`)).json() as Record<string, unknown>).titleAr).toBeNull();
  });

  it('answers text that folds to nothing (tatweel, harakat, a direction mark) with no products, not everything', async () => {
    for (const query of ['ـــ', 'َُ', '\u200f']) {
      const res = await call(t, 'GET', `/api/search?q=${encodeURIComponent(query)}`);
      expect(res.statusCode, query).toBe(200);
      expect(res.json()).toEqual({ items: [], nextCursor: null });
    }
  });

  it('answers any text without a server error', async () => {
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom(...'ساعةأإآىئؤـًٌٍَُِّْٰ٠١٢%_\\ aZ"*^:()-+{}'),
        fc.string({ unit: 'binary', maxLength: 1 }),
      ),
      maxLength: 110,
    });
    await fc.assert(
      fc.asyncProperty(text, async (query) => {
        const res = await call(t, 'GET', `/api/search?q=${encodeURIComponent(query)}`);
        expect([200, 400], `${JSON.stringify(query)}: ${res.body}`).toContain(res.statusCode);
      }),
      { numRuns: 60 },
    );
  });
});

describe.each(DIALECTS)('GET /api/search when the matches gather at one end of the order (%s)', (dialect) => {
  let t: TestApp;
  // A common Arabic text (3,000 matches) that sorts after more English titles than a common
  // search's walk reads before it asks the index, and a common English one before all of it.
  const arabic = Array.from({ length: 3000 }, (_, i) => `ساعة ${String(i).padStart(4, '0')}`);
  const english = Array.from({ length: 5100 }, (_, i) => `Alpha watch ${String(i).padStart(4, '0')}`);
  beforeAll(async () => {
    t = await startTestApp(dialect);
    const seller = await createUser(t);
    await insertProducts(
      t,
      seller.id,
      [...arabic, ...english].map((title) => ({ title, category: 'Watches', keywordList: [] })),
    );
    // PostgreSQL tells a common text from a rare one by its statistics, as autovacuum keeps them.
    if (dialect === 'postgres') await sql`analyze products`.execute(t.database.db);
  });
  afterAll(() => t.close());

  const titles = async (url: string) => {
    const res = await call(t, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { items: { title: string }[]; nextCursor: string | null };
  };

  it.each([
    ['ساعه', 'asc', arabic],
    ['ساعة', 'desc', [...arabic].reverse()],
    ['ALPHA', 'desc', [...english].reverse()],
    ['alpha', 'asc', english],
  ])('finds %j by name %s, page after page, as if it had sorted every match', async (q, order, expected) => {
    const first = await titles(`/api/search?q=${encodeURIComponent(q)}&sort=name&order=${order}&limit=5`);
    expect(first.items.map((p) => p.title)).toEqual(expected.slice(0, 5));
    const second = await titles(
      `/api/search?q=${encodeURIComponent(q)}&sort=name&order=${order}&limit=5&cursor=${first.nextCursor}`,
    );
    expect(second.items.map((p) => p.title)).toEqual(expected.slice(5, 10));
  });

  it('pages to the end of a common text in order', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await titles(
        `/api/search?q=${encodeURIComponent('ساعه')}&sort=name&order=asc&limit=60${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.items.map((p) => p.title));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(arabic);
  });
});

/** Runs the search query for `text` as the service builds it and returns its SQL, to EXPLAIN. */
async function searchSql(t: TestApp, dialect: 'sqlite' | 'postgres', text = 'SEAMASTER') {
  const captured: Array<{ node: RootOperationNode; queryId: QueryId }> = [];
  const capture: KyselyPlugin = {
    transformQuery: (args) => {
      captured.push(args);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const rows = await pq.listPage(
    t.database.db.withPlugin(capture),
    { search: { text, dialect } },
    { column: 'title_key', direction: 'asc' },
    25,
  );
  // The last statement is the page itself (SQLite first counts the matches).
  const last = captured[captured.length - 1]!;
  return { rows, compiled: t.database.db.getExecutor().compileQuery(last.node, last.queryId) };
}

describe.runIf(DIALECTS.includes('postgres'))('search on PostgreSQL uses the trigram index', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('postgres');
    const seller = await createUser(t);
    const words = ['lamp', 'chair', 'table', 'phone', 'laptop', 'watch', 'shirt', 'shoe', 'bottle', 'camera'];
    await insertProducts(
      t,
      seller.id,
      Array.from({ length: 2000 }, (_, i) => ({
        title: `${words[i % 10]} model ${i} ${words[(i * 7) % 10]} edition`,
        category: i % 2 ? 'Gaming' : 'Appliances',
        keywordList: [words[(i * 3) % 10]!, `batch${i % 50}`],
        price: 100 + i,
      })),
    );
    await insertProducts(t, seller.id, [
      { title: 'Seamaster Aqua Terra', category: 'Watches', keywordList: ['diver'] },
      { title: 'ساعة يد رجالية', category: 'Watches', keywordList: [] },
    ]);
    // What autovacuum does in production: without it, a GIN index's rows sit in its pending list
    // (fastupdate), which the planner rightly prices as a scan.
    await sql`vacuum analyze products`.execute(t.database.db);
  });
  afterAll(() => t.close());

  it("plans the service's own search query as a bitmap scan of products_search_trgm", async () => {
    const { rows, compiled } = await searchSql(t, 'postgres');
    expect(rows.map((r) => r.title)).toEqual(['Seamaster Aqua Terra']);
    expect(compiled.sql).toContain('search_text like $1');
    const plan = await t.database.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
    );
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('Bitmap Index Scan on products_search_trgm');
    expect(text).not.toContain('Seq Scan');
  });

  // pg_trgm makes trigrams only of what the database's LC_CTYPE calls letters: Arabic is, under C.UTF-8 or any UTF-8 locale.
  it('plans an Arabic search the same way', async () => {
    const { rows, compiled } = await searchSql(t, 'postgres', 'سَاعه');
    expect(rows.map((r) => r.title)).toEqual(['ساعة يد رجالية']);
    const plan = await t.database.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
    );
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(text).toContain('Bitmap Index Scan on products_search_trgm');
    expect(text).not.toContain('Seq Scan');
  });
});

describe('search on SQLite uses the FTS5 trigram index', () => {
  let t: TestApp;
  let seller: TestUser;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    seller = await createUser(t);
    await insertProducts(t, seller.id, [
      { title: 'Seamaster Aqua Terra', category: 'Watches', keywordList: ['diver'] },
      { title: 'Brass lamp', category: 'Appliances', keywordList: [] },
      { title: 'ساعة يد رجالية', category: 'Watches', keywordList: [] },
    ]);
  });
  afterAll(() => t.close());

  it("plans the service's own search query through products_search, not a scan of products", async () => {
    const { rows, compiled } = await searchSql(t, 'sqlite');
    expect(rows.map((r) => r.title)).toEqual(['Seamaster Aqua Terra']);
    const plan = await t.database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    const text = plan.rows.map((r) => r.detail).join('\n');
    expect(text).toMatch(/VIRTUAL TABLE INDEX \d+:[LM]/);
  });

  it('plans an Arabic search the same way', async () => {
    const { rows, compiled } = await searchSql(t, 'sqlite', 'سَاعه');
    expect(rows.map((r) => r.title)).toEqual(['ساعة يد رجالية']);
    const plan = await t.database.db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    expect(plan.rows.map((r) => r.detail).join('\n')).toMatch(/VIRTUAL TABLE INDEX \d+:[LM]/);
  });

  it('keeps the index in step with inserts, edits and deletes', async () => {
    const search = async (text: string) =>
      (
        (await call(t, 'GET', `/api/search?q=${encodeURIComponent(text)}`)).json() as { items: { title: string }[] }
      ).items.map((p) => p.title);
    expect(await search('brass')).toEqual(['Brass lamp']);
    const lamp = await t.database.db
      .selectFrom('products')
      .select('id')
      .where('title', '=', 'Brass lamp')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('products')
      .set({ title: 'Copper lamp', search_text: 'copper lamp\nappliances' })
      .where('id', '=', lamp.id)
      .execute();
    expect(await search('brass')).toEqual([]);
    expect(await search('copper')).toEqual(['Copper lamp']);
    await t.database.db.deleteFrom('products').where('id', '=', lamp.id).execute();
    expect(await search('copper')).toEqual([]);
    // Two letters are below a trigram: still answered, exactly.
    expect(await search('aq')).toEqual(['Seamaster Aqua Terra']);
  });

  it('pages a common text (thousands of matches) in order, like a rare one', async () => {
    await insertProducts(
      t,
      seller.id,
      Array.from({ length: 2100 }, (_, i) => ({
        title: `Widget ${String(i).padStart(4, '0')}`,
        category: 'Gaming',
        keywordList: [],
      })),
    );
    const first = (await call(t, 'GET', '/api/search?q=WIDGET&sort=name&order=desc&limit=3')).json() as {
      items: { title: string }[];
      nextCursor: string;
    };
    expect(first.items.map((p) => p.title)).toEqual(['Widget 2099', 'Widget 2098', 'Widget 2097']);
    const second = (
      await call(t, 'GET', `/api/search?q=WIDGET&sort=name&order=desc&limit=3&cursor=${first.nextCursor}`)
    ).json() as { items: { title: string }[] };
    expect(second.items.map((p) => p.title)).toEqual(['Widget 2096', 'Widget 2095', 'Widget 2094']);
  });
});
