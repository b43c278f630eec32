import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Insertable, Updateable } from 'kysely';
import type { DialectName } from '../../db/database.js';
import { inList, prepared } from '../../db/prepared.js';
import type { DB, ProductRow, ProductsTable } from '../../db/schema.js';

export type Db = Kysely<DB> | Transaction<DB>;

export type SortColumn = 'price' | 'title_key' | 'rating' | 'popularity' | 'created_at';
export interface SortSpec {
  column: SortColumn;
  direction: 'asc' | 'desc';
}
export type { Cursor } from '../../lib/cursor.js';
import type { Cursor } from '../../lib/cursor.js';

export const SUMMARY_COLUMNS = [
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
