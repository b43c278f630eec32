import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** A product a view can count for: one the shop shows, with its owner (whose own views are not counted). */
export const viewableProduct = (db: Db, id: string) =>
  db
    .selectFrom('products')
    .select(['id', 'owner_id'])
    .where('id', '=', id)
    .where('hidden_at', 'is', null)
    .executeTakeFirst();

/** Marks this viewer counted for the product on the day; false when they already were (the primary key). */
export async function markViewed(db: Db, productId: string, day: string, viewer: string): Promise<boolean> {
  const result = await db
    .insertInto('product_views')
    .values({ product_id: productId, day, viewer })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Marks a batch of viewers counted (ADR 0044): the marks not already stored are inserted, and
 * returned, so only they are counted. One statement for the whole batch.
 */
export const markViewedBatch = (db: Db, marks: Array<{ product_id: string; day: string; viewer: string }>) =>
  db
    .insertInto('product_views')
    .values(marks)
    .onConflict((oc) => oc.doNothing())
    .returning(['product_id', 'day'])
    .execute();

/** Adds each product's new views to its day counters, one statement for the batch. */
export const addToDays = (db: Db, counts: Array<{ product_id: string; day: string; views: number }>) =>
  db
    .insertInto('product_view_days')
    .values(counts)
    .onConflict((oc) =>
      oc
        .columns(['product_id', 'day'])
        .doUpdateSet((eb) => ({ views: eb('product_view_days.views', '+', eb.ref('excluded.views')) })),
    )
    .execute();

/** Adds each product's new views to its 30-day total (ADR 0043), one statement for the batch. */
export const addToTotals = (db: Db, counts: Array<{ product_id: string; seller_id: string; views: number }>) =>
  db
    .insertInto('product_view_totals')
    .values(counts)
    .onConflict((oc) =>
      oc
        .column('product_id')
        .doUpdateSet((eb) => ({ views: eb('product_view_totals.views', '+', eb.ref('excluded.views')) })),
    )
    .execute();

/** One more view on the product's day counter, made at 1 if it is the day's first. */
export const countView = (db: Db, productId: string, day: string) =>
  db
    .insertInto('product_view_days')
    .values({ product_id: productId, day, views: 1 })
    .onConflict((oc) =>
      oc.columns(['product_id', 'day']).doUpdateSet((eb) => ({ views: eb('product_view_days.views', '+', 1) })),
    )
    .execute();

/** Views per product of this seller since `fromDay` (inclusive), from the day counters alone. */
export const viewsOfSeller = (db: Db, ownerId: string, fromDay: string) =>
  db
    .selectFrom('product_view_days')
    .innerJoin('products', 'products.id', 'product_view_days.product_id')
    .select((eb) => ['product_view_days.product_id', eb.fn.sum<number | string>('product_view_days.views').as('views')])
    .where('products.owner_id', '=', ownerId)
    .where('product_view_days.day', '>=', fromDay)
    .groupBy('product_view_days.product_id')
    .execute();

/** Forgets who was counted on days before `day`: the marks only dedup today; the counters stay. */
export const deleteMarksBefore = (db: Db, day: string) =>
  db.deleteFrom('product_views').where('day', '<', day).execute();

/** One more view in the product's 30-day total (ADR 0043), with its seller for the seller's index. */
export const addToTotal = (db: Db, productId: string, sellerId: string) =>
  db
    .insertInto('product_view_totals')
    .values({ product_id: productId, seller_id: sellerId, views: 1 })
    .onConflict((oc) =>
      oc.column('product_id').doUpdateSet((eb) => ({ views: eb('product_view_totals.views', '+', 1) })),
    )
    .execute();

/** The first Gulf day the totals hold. */
export const windowStart = async (db: Db) =>
  (await db.selectFrom('product_view_window').select('first_day').where('id', '=', 1).executeTakeFirst())?.first_day;

/**
 * Takes `day` out of the totals: each product counted that day loses that day's views, and the
 * window starts the next day. Only if the window still starts on `day` (another instance may have
 * done it): false otherwise.
 */
export async function dropDay(db: Db, day: string, next: string): Promise<boolean> {
  const moved = await db
    .updateTable('product_view_window')
    .set({ first_day: next })
    .where('id', '=', 1)
    .where('first_day', '=', day)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  await db
    .updateTable('product_view_totals')
    .set((eb) => ({
      views: eb(
        'views',
        '-',
        eb
          .selectFrom('product_view_days')
          .select('product_view_days.views')
          .whereRef('product_view_days.product_id', '=', 'product_view_totals.product_id')
          .where('product_view_days.day', '=', day),
      ),
    }))
    .where('product_id', 'in', (eb) => eb.selectFrom('product_view_days').select('product_id').where('day', '=', day))
    .execute();
  await db.deleteFrom('product_view_totals').where('views', '<=', 0).execute();
  return true;
}
