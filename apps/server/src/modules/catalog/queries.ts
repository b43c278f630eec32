import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { Insertable, Updateable } from 'kysely';
import { characterCount, foldForSearch } from '@souq/shared';
import type { DialectName } from '../../db/database.js';
import { inList, prepared } from '../../db/prepared.js';
import type { DB, ProductRow, ProductsTable } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export type SortColumn = 'price' | 'title_key' | 'rating' | 'popularity' | 'created_at';
export interface SortSpec {
  column: SortColumn;
  direction: 'asc' | 'desc';
}
export type { Cursor } from '../../lib/cursor.js';
import type { Cursor } from '../../lib/cursor.js';

const SUMMARY_COLUMNS = [
  'id',
  'title',
  'title_ar',
  'category',
  'price',
  'previous_price',
  'rating',
  'review_count',
  'like_count',
  'images',
  'owner_id',
  'is_auction',
  'related_auction',
  'created_at',
  'title_key',
  'popularity',
] as const;
export type SummaryRow = Pick<ProductRow, (typeof SUMMARY_COLUMNS)[number]>;

export const insertProduct = (db: Db, row: Insertable<ProductsTable>) =>
  db.insertInto('products').values(row).execute();

export const findProduct = (db: Db, id: string) =>
  db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Reads products that the transaction is about to point at (a like, an order line) and holds them
 * until it ends: on PostgreSQL with FOR KEY SHARE, the lock a foreign key takes, so a concurrent
 * delete waits for us or, if it committed first, we see the product gone and can say so. SQLite
 * runs one write transaction at a time, which holds them already.
 */
function holding<Q extends { forKeyShare(): Q }>(query: Q, dialect: DialectName): Q {
  return dialect === 'postgres' ? query.forKeyShare() : query;
}

export const findProductHeld = (db: Db, id: string, dialect: DialectName) =>
  holding(db.selectFrom('products').selectAll().where('id', '=', id), dialect).executeTakeFirst();

/** A product with its seller's name and picture, as the product page shows it. */
const withSeller = (db: Kysely<DB>) =>
  db
    .selectFrom('products')
    .innerJoin('users', 'users.id', 'products.owner_id')
    .selectAll('products')
    .select(['users.username as seller_username', 'users.avatar_key as seller_avatar']);

const productWithSeller = prepared((db, p: { id: string }) => withSeller(db).where('products.id', '=', p.id));

export const findProductWithSeller = async (db: Db, id: string) => (await productWithSeller(db, { id }))[0];

/** Whether the viewer likes the product of the row (`liked_by_viewer`). */
const likedBy = (eb: ExpressionBuilder<DB, 'products'>, viewerId: string) =>
  eb
    .exists(
      eb
        .selectFrom('product_likes')
        .select('product_likes.user_id')
        .whereRef('product_likes.product_id', '=', 'products.id')
        .where('product_likes.user_id', '=', viewerId),
    )
    .as('liked_by_viewer');

/**
 * As findProductWithSeller, with whether the viewer likes it read in the same statement: one
 * snapshot, so a like being written meanwhile shows with its count or not at all.
 */
const productWithSellerSeenBy = prepared((db, p: { id: string; viewerId: string }) =>
  withSeller(db)
    .select((eb) => likedBy(eb, p.viewerId))
    .where('products.id', '=', p.id),
);

export const findProductSeenBy = async (db: Db, id: string, viewerId: string) =>
  (await productWithSellerSeenBy(db, { id, viewerId }))[0];

/** What of a product is the viewer's own: whether they own it (and its invoice), whether they like it. */
const productViewedBy = prepared((db, p: { id: string; viewerId: string }) =>
  db
    .selectFrom('products')
    .select(['owner_id', 'invoice_key', 'hidden_at'])
    .select((eb) => likedBy(eb, p.viewerId))
    .where('products.id', '=', p.id),
);

export const findProductViewedBy = async (db: Db, id: string, viewerId: string) =>
  (await productViewedBy(db, { id, viewerId }))[0];

/** Every product's image keys and invoice, for the orphan sweep. */
export const uploadColumns = (db: Db) => db.selectFrom('products').select(['images', 'invoice_key']).execute();

export const updateProduct = (db: Db, id: string, changes: Updateable<ProductsTable>) =>
  db.updateTable('products').set(changes).where('id', '=', id).execute();

/**
 * Puts a product on auction, or back to a fixed price (auctionId null). Conditional on the auction
 * it was tied to, so two moves at once cannot both succeed.
 */
export async function setAuction(
  db: Db,
  id: string,
  auctionId: string | null,
  expectedAuction: string | null,
): Promise<boolean> {
  let q = db
    .updateTable('products')
    .set({ is_auction: auctionId === null ? 0 : 1, related_auction: auctionId })
    .where('id', '=', id);
  q =
    expectedAuction === null
      ? q.where('related_auction', 'is', null)
      : q.where('related_auction', '=', expectedAuction);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const deleteProduct = (db: Db, id: string) => db.deleteFrom('products').where('id', '=', id).execute();

/** `%text%` for LIKE, from folded text, with the user's own %, _ and \\ taken literally. */
function containsPattern(folded: string): string {
  return `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface ListFilter {
  category?: string;
  ownerId?: string;
  search?: { text: string; dialect: DialectName };
  shopOnly?: boolean;
}

/** The values of one page's query; its shape (which filters, which sort, a cursor or not) is fixed apart. */
interface PageArgs {
  category: string;
  ownerId: string;
  afterValue: string | number;
  afterId: string;
  limit: number;
}

interface PageShape {
  category: boolean;
  owner: boolean;
  shopOnly: boolean;
  cursor: boolean;
  sort: SortSpec;
}

/** The page's rows in no particular order: its filters, the condition, and what comes after the cursor. */
function pageRows(db: Db, shape: PageShape, args: PageArgs, condition?: Expression<SqlBool>) {
  let q = db.selectFrom('products').select(SUMMARY_COLUMNS);
  if (shape.category) q = q.where('category', '=', args.category);
  if (shape.owner) q = q.where('owner_id', '=', args.ownerId);
  if (shape.shopOnly) q = q.where('is_auction', '=', 0);
  // Hidden by staff (issue 31, ADR 0039): tested on the row the sort index already led to, as is_auction is.
  q = q.where('hidden_at', 'is', null);
  if (condition) q = q.where(condition);
  if (shape.cursor) {
    const op = shape.sort.direction === 'asc' ? '>' : '<';
    q = q.where((eb) => eb(eb.refTuple(shape.sort.column, 'id'), op, eb.tuple(args.afterValue, args.afterId)));
  }
  return q;
}

function pageQuery(db: Db, shape: PageShape, args: PageArgs, condition?: Expression<SqlBool>) {
  return pageRows(db, shape, args, condition)
    .orderBy(shape.sort.column, shape.sort.direction)
    .orderBy('id', shape.sort.direction)
    .limit(args.limit);
}

// One prepared query per shape: at most 5 sort columns × 2 directions × 16 filter combinations.
const preparedPages = new Map<string, (db: Db, args: PageArgs) => Promise<SummaryRow[]>>();

function preparedPage(shape: PageShape) {
  const key = `${shape.sort.column} ${shape.sort.direction} ${+shape.category}${+shape.owner}${+shape.shopOnly}${+shape.cursor}`;
  let run = preparedPages.get(key);
  if (!run) {
    run = prepared((db, args: PageArgs) => pageQuery(db, shape, args));
    preparedPages.set(key, run);
  }
  return run;
}

/**
 * One page in a stable order. Keyset paging on (sort column, id) keeps every page an index
 * range scan however deep the reader goes, and never repeats or skips a row. Searches are built
 * each time (their condition depends on the text); every other page runs a prepared query.
 */
export async function listPage(
  db: Db,
  filter: ListFilter,
  sort: SortSpec,
  limit: number,
  cursor?: Cursor,
): Promise<SummaryRow[]> {
  const shape = {
    category: !!filter.category,
    owner: !!filter.ownerId,
    shopOnly: !!filter.shopOnly,
    cursor: !!cursor,
    sort,
  };
  const args = {
    category: filter.category ?? '',
    ownerId: filter.ownerId ?? '',
    afterValue: cursor?.[0] ?? '',
    afterId: cursor?.[1] ?? '',
    limit,
  };
  if (!filter.search) return preparedPage(shape)(db, args);
  return searchPage(db, shape, args, filter.search.text, filter.search.dialect);
}

/** Below this many matches a search is "rare": sorting them all is the quickest way to a page. */
const DENSE_MATCHES = 2000;

/**
 * SQLite's FTS5 trigram rows whose text contains `folded`. Text of three characters or more is a
 * phrase, answered from the index alone: consecutive trigrams are exactly containment, and unlike
 * LIKE the phrase reads no candidate's text back (several times faster for thousands of matches)
 * and takes % and _ literally as they are. Shorter text has no trigram: FTS5 scans for it either way.
 */
function ftsRowids(folded: string) {
  return characterCount(folded) >= 3
    ? sql`select rowid from products_search where products_search match ${`"${folded.replace(/"/g, '""')}"`}`
    : sql`select rowid from products_search where search_text like ${containsPattern(folded)} escape '\\'`;
}

/**
 * A page of products whose search_text contains the text, answered from an index on both
 * databases: SQLite's FTS5 trigram table, PostgreSQL's pg_trgm GIN index. A rare text takes every
 * match from the index and sorts them. For a common one ("watch") that sort costs more than
 * walking the sort index until a page is full, but only while the matches are spread through the
 * order: Arabic titles sort after every Latin one, so "ساعة" by name would first walk past the
 * 60,000 English products of the bench's 100,000 (half a second). So the walk is bounded, and a
 * page it has not filled by then comes from the index.
 */
async function searchPage(
  db: Db,
  shape: PageShape,
  args: PageArgs,
  text: string,
  dialect: DialectName,
): Promise<SummaryRow[]> {
  // search_text is stored folded (derivedColumns), so the query is folded the same way to meet it.
  const folded = foldForSearch(text);
  const contains = sql<SqlBool>`search_text like ${containsPattern(folded)} escape '\\'`;
  return dialect === 'sqlite'
    ? sqliteSearchPage(db, shape, args, folded, contains)
    : postgresSearchPage(db, shape, args, contains);
}

async function sqliteSearchPage(
  db: Db,
  shape: PageShape,
  args: PageArgs,
  folded: string,
  contains: Expression<SqlBool>,
) {
  const fts = ftsRowids(folded);
  const { n } = await sql<{ n: number }>`select count(*) as n from (${fts} limit ${DENSE_MATCHES}) as m`
    .execute(db)
    .then((r) => r.rows[0]!);
  if (n < DENSE_MATCHES) return pageQuery(db, shape, args, sql<SqlBool>`products.rowid in (${fts})`).execute();
  const walked = await walkedPage(db, shape, args, contains, DENSE_MATCHES).execute();
  if (walked.length === args.limit) return walked;
  // Sorting thousands of matches reads each one's row by rowid, and past SQLite's page cache each
  // read is a system call. The unary + keeps the rowid test from choosing the plan: SQLite walks
  // the sort index instead, whose entries hold the rowid, tests each against the set of matches
  // (a Bloom filter first) and reads only the rows on the page: 8 ms for "ساعة" where sorting took 25.
  return pageQuery(db, shape, args, sql<SqlBool>`+products.rowid in (${fts})`).execute();
}

async function postgresSearchPage(db: Db, shape: PageShape, args: PageArgs, contains: Expression<SqlBool>) {
  // Counting would have the GIN index collect every match first; the planner's estimate (from
  // ANALYZE's sample of search_text) costs a plan, and only chooses between two exact answers.
  const plan = await sql<{
    'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }];
  }>`explain (format json) select 1 from products where ${contains}`.execute(db);
  const estimate = plan.rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'];
  const { column, direction } = shape.sort;
  // OFFSET 0 keeps the planner from merging the matches into the page's ORDER BY … LIMIT: that is the walk again.
  if (estimate < DENSE_MATCHES) {
    const matches = pageRows(db, shape, args, contains).offset(0).as('m');
    return db
      .selectFrom(matches)
      .selectAll()
      .orderBy(column, direction)
      .orderBy('id', direction)
      .limit(args.limit)
      .execute();
  }
  // A walked row (a heap fetch and a LIKE) costs about what a sorted match does: walk a quarter as
  // many rows as there are matches, so a page the walk cannot find costs at most a quarter more
  // than sorting at once, while one spread through the order (a page every few hundred rows) is walked.
  const walked = await walkedPage(db, shape, args, contains, Math.ceil(estimate / 4)).execute();
  if (walked.length === args.limit) return walked;
  // Thousands of matches: sort their keys alone and read the page's rows after, a third cheaper than sorting rows.
  const keys = pageRows(db, shape, args, contains).clearSelect().select(['id', column]).offset(0).as('m');
  const pageIds = db
    .selectFrom(keys)
    .select('id')
    .orderBy(column, direction)
    .orderBy('id', direction)
    .limit(args.limit);
  return db
    .selectFrom('products')
    .select(SUMMARY_COLUMNS)
    .where('id', 'in', pageIds)
    .orderBy(column, direction)
    .orderBy('id', direction)
    .execute();
}

/** The page among the first `window` rows of the sort order that contain the text. */
function walkedPage(db: Db, shape: PageShape, args: PageArgs, contains: Expression<SqlBool>, window: number) {
  const rows = pageQuery(db, shape, { ...args, limit: window })
    .select('search_text')
    .as('w');
  return db
    .selectFrom(rows)
    .select(SUMMARY_COLUMNS)
    .where(contains)
    .orderBy(shape.sort.column, shape.sort.direction)
    .orderBy('id', shape.sort.direction)
    .limit(args.limit);
}

export const likedPage = (db: Db, userId: string, limit: number, before?: Cursor) => {
  let q = db
    .selectFrom('product_likes')
    .innerJoin('products', 'products.id', 'product_likes.product_id')
    .select(SUMMARY_COLUMNS.map((c) => `products.${c}` as const))
    .select('product_likes.created_at as liked_at')
    .where('product_likes.user_id', '=', userId)
    .where('products.hidden_at', 'is', null);
  if (before)
    q = q.where((eb) =>
      eb(eb.refTuple('product_likes.created_at', 'products.id'), '<', eb.tuple(String(before[0]), before[1])),
    );
  return q.orderBy('product_likes.created_at', 'desc').orderBy('products.id', 'desc').limit(limit).execute();
};

/** Inserts the like once; true only for the call that created it. */
export async function insertLike(db: Db, like: DB['product_likes']): Promise<boolean> {
  const result = await db
    .insertInto('product_likes')
    .values(like)
    .onConflict((oc) => oc.columns(['product_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function deleteLike(db: Db, productId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('product_likes')
    .where('product_id', '=', productId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Counters change by arithmetic in the database, never by read-modify-write in JavaScript.
 * SET expressions see the row as it was, so popularity is computed from the new counts here.
 * Popularity weighs a sale over a review over a like.
 */
export function bumpCounters(db: Db, productId: string, delta: { likes?: number; reviews?: number; sold?: number }) {
  const likes = delta.likes ?? 0;
  const reviews = delta.reviews ?? 0;
  const sold = delta.sold ?? 0;
  return db
    .updateTable('products')
    .set({
      like_count: sql`like_count + ${likes}`,
      review_count: sql`review_count + ${reviews}`,
      sold_count: sql`sold_count + ${sold}`,
      popularity: sql`(like_count + ${likes}) + 3 * (review_count + ${reviews}) + 5 * (sold_count + ${sold})`,
    })
    .where('id', '=', productId)
    .executeTakeFirst();
}

/** The average of all reviews rounded to one decimal, read in a fresh statement after the insert. */
export const recomputeRating = (db: Db, productId: string) =>
  db
    .updateTable('products')
    .set({
      rating: sql<number>`coalesce((select round(avg(r.rating), 1) from reviews r where r.product_id = ${productId}), 0)`,
    })
    .where('id', '=', productId)
    .execute();

/** For checkout: the rows are held (see `holding`) until the order's lines point at them. */
export const findPrices = (db: Db, ids: string[], dialect: DialectName) =>
  ids.length === 0
    ? Promise.resolve([])
    : holding(
        db
          .selectFrom('products')
          .select(['id', 'title', 'price', 'images', 'owner_id', 'is_auction', 'hidden_at'])
          .where('id', 'in', ids)
          .orderBy('id'),
        dialect,
      ).execute();

// For You candidates and signals (the feed module asks through the catalog service).
const FEED_FIELDS = ['id', 'owner_id', 'category', 'popularity', 'created_at'] as const;

/** Shop products (not on auction) in one of the feed's orders; the same for every viewer, so the feed can share them. */
export function feedProducts(
  db: Db,
  opts: {
    limit: number;
    order: 'popular' | 'fresh';
    category?: string;
    ownerId?: string;
    since?: string;
    maxPopularity?: number;
  },
) {
  let q = db.selectFrom('products').select(FEED_FIELDS).where('is_auction', '=', 0).where('hidden_at', 'is', null);
  if (opts.category) q = q.where('category', '=', opts.category);
  if (opts.ownerId) q = q.where('owner_id', '=', opts.ownerId);
  if (opts.since) q = q.where('created_at', '>=', opts.since);
  if (opts.maxPopularity !== undefined) q = q.where('popularity', '<=', opts.maxPopularity);
  q = opts.order === 'popular' ? q.orderBy('popularity', 'desc') : q.orderBy('created_at', 'desc');
  return q.orderBy('id', 'desc').limit(opts.limit).execute();
}

/** What a person liked lately: seller and category of each, from the likes' own index (product_likes_signals). */
export const likedSignals = (db: Db, userId: string, limit: number) =>
  db
    .selectFrom('product_likes')
    .select(['product_id', 'seller_id', 'category'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();

/** Products by id with their seller's name: the feed's cards. */
// Prepared (a list as one value): a feed page asks for these on every request.
const summariesWithSellerOf = prepared((db, p: { ids: string[] }, dialect) =>
  db
    .selectFrom('products')
    .innerJoin('users', 'users.id', 'products.owner_id')
    .select(SUMMARY_COLUMNS.map((c) => `products.${c}` as const))
    .select(['products.is_auction', 'users.username as seller_username', 'users.avatar_key as seller_avatar'])
    .where(inList(dialect, 'products.id', p.ids))
    // A pool the feed kept from before a hide still names it: the card is left out here.
    .where('products.hidden_at', 'is', null),
);

export const summariesWithSeller = (db: Db, ids: string[]) =>
  ids.length ? summariesWithSellerOf(db, { ids }) : Promise.resolve([]);

const likedAmongOf = prepared((db, p: { userId: string; ids: string[] }, dialect) =>
  db
    .selectFrom('product_likes')
    .select('product_id')
    .where('user_id', '=', p.userId)
    .where(inList(dialect, 'product_id', p.ids)),
);

export const likedAmong = (db: Db, userId: string, ids: string[]) =>
  ids.length ? likedAmongOf(db, { userId, ids }) : Promise.resolve([]);

export const ownersOf = (db: Db, ids: string[]) =>
  ids.length
    ? db.selectFrom('products').select(['id', 'owner_id', 'category']).where('id', 'in', ids).execute()
    : Promise.resolve([]);

/**
 * Staff hide a product, or show it again (issue 31): a conditional update, so of two staff acting
 * at once only one changes it, and the answer says whether this call did.
 */
export async function setHidden(db: Db, id: string, hidden: { at: string; reason: string } | null): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set(hidden ? { hidden_at: hidden.at, hidden_reason: hidden.reason } : { hidden_at: null, hidden_reason: null })
    .where('id', '=', id)
    .where('hidden_at', hidden ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Products as a staff member's report queue shows them: title, photos, seller, hidden or not. */
export const reportedProducts = (db: Db, ids: string[]) =>
  ids.length
    ? db
        .selectFrom('products')
        .innerJoin('users', 'users.id', 'products.owner_id')
        .select([
          'products.id',
          'products.title',
          'products.images',
          'products.owner_id',
          'products.hidden_at',
          'users.username as seller_username',
          'users.avatar_key as seller_avatar',
        ])
        .where('products.id', 'in', ids)
        .execute()
    : Promise.resolve([]);
