import { sql, type Kysely, type Transaction } from 'kysely';
import type { Insertable, Updateable } from 'kysely';
import type { DialectName } from '../../db/database.js';
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
  'category',
  'price',
  'previous_price',
  'rating',
  'review_count',
  'like_count',
  'images',
  'owner_id',
  'is_auction',
  'created_at',
  'title_key',
  'popularity',
] as const;
export type SummaryRow = Pick<ProductRow, (typeof SUMMARY_COLUMNS)[number]>;

export const insertProduct = (db: Db, row: Insertable<ProductsTable>) => db.insertInto('products').values(row).execute();

export const findProduct = (db: Db, id: string) => db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirst();

export const findProductWithSeller = (db: Db, id: string) =>
  db
    .selectFrom('products')
    .innerJoin('users', 'users.id', 'products.owner_id')
    .selectAll('products')
    .select(['users.username as seller_username', 'users.profile_pic as seller_pic'])
    .where('products.id', '=', id)
    .executeTakeFirst();

export const updateProduct = (db: Db, id: string, changes: Updateable<ProductsTable>) =>
  db.updateTable('products').set(changes).where('id', '=', id).execute();

export const deleteProduct = (db: Db, id: string) => db.deleteFrom('products').where('id', '=', id).execute();

/** `%text%` for LIKE, lowercased, with the user's own %, _ and \\ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Above this many matches a search is "common": walking the sort index finds a page quickly. */
const DENSE_MATCHES = 2000;

/**
 * Case-insensitive containment in search_text, answered from an index on both databases.
 * PostgreSQL's pg_trgm GIN index serves LIKE directly. On SQLite the FTS5 trigram table does,
 * but fetching thousands of matches to sort them costs more than walking the sort index until a
 * page is full, so a common text ("watch") takes that walk and a rare one the trigram index.
 * FTS5 uses its index only for a LIKE without ESCAPE; text holding a wildcard takes the exact path.
 */
async function containsCondition(db: Db, text: string, dialect: DialectName) {
  const pattern = containsPattern(text);
  const scan = sql<boolean>`search_text like ${pattern} escape '\\'`;
  if (dialect === 'postgres') return scan;
  const literal = !/[\\%_]/.test(text);
  const fts = literal
    ? sql`select rowid from products_search where search_text like ${`%${text.toLowerCase()}%`}`
    : sql`select rowid from products_search where search_text like ${pattern} escape '\\'`;
  const { n } = await sql<{ n: number }>`select count(*) as n from (${fts} limit ${DENSE_MATCHES}) as m`.execute(db).then((r) => r.rows[0]!);
  return n >= DENSE_MATCHES ? scan : sql<boolean>`products.rowid in (${fts})`;
}

/**
 * One page in a stable order. Keyset paging on (sort column, id) keeps every page an index
 * range scan however deep the reader goes, and never repeats or skips a row.
 */
export async function listPage(
  db: Db,
  filter: { category?: string; ownerId?: string; search?: { text: string; dialect: DialectName }; shopOnly?: boolean },
  sort: SortSpec,
  limit: number,
  cursor?: Cursor,
): Promise<SummaryRow[]> {
  let q = db.selectFrom('products').select(SUMMARY_COLUMNS);
  if (filter.category) q = q.where('category', '=', filter.category);
  if (filter.ownerId) q = q.where('owner_id', '=', filter.ownerId);
  if (filter.shopOnly) q = q.where('is_auction', '=', 0);
  if (filter.search) q = q.where(await containsCondition(db, filter.search.text, filter.search.dialect));
  if (cursor) {
    const op = sort.direction === 'asc' ? '>' : '<';
    q = q.where((eb) => eb(eb.refTuple(sort.column, 'id'), op, eb.tuple(cursor[0], cursor[1])));
  }
  return q.orderBy(sort.column, sort.direction).orderBy('id', sort.direction).limit(limit).execute();
}

export const likedPage = (db: Db, userId: string, limit: number, before?: Cursor) => {
  let q = db
    .selectFrom('product_likes')
    .innerJoin('products', 'products.id', 'product_likes.product_id')
    .select(SUMMARY_COLUMNS.map((c) => `products.${c}` as const))
    .select('product_likes.created_at as liked_at')
    .where('product_likes.user_id', '=', userId);
  if (before) q = q.where((eb) => eb(eb.refTuple('product_likes.created_at', 'products.id'), '<', eb.tuple(String(before[0]), before[1])));
  return q.orderBy('product_likes.created_at', 'desc').orderBy('products.id', 'desc').limit(limit).execute();
};

export async function isLiked(db: Db, productId: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('product_likes').select('user_id').where('product_id', '=', productId).where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** Inserts the like once; true only for the call that created it. */
export async function insertLike(db: Db, productId: string, userId: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('product_likes')
    .values({ product_id: productId, user_id: userId, created_at: at })
    .onConflict((oc) => oc.columns(['product_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function deleteLike(db: Db, productId: string, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('product_likes').where('product_id', '=', productId).where('user_id', '=', userId).executeTakeFirst();
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

export const findPrices = (db: Db, ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('products').select(['id', 'title', 'price', 'images', 'owner_id', 'is_auction']).where('id', 'in', ids).execute();
