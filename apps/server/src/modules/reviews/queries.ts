import type { Kysely, Transaction } from 'kysely';
import { prepared } from '../../db/prepared.js';
import type { DB } from '../../db/schema.js';
import type { Cursor } from '../../lib/cursor.js';

type Db = Kysely<DB> | Transaction<DB>;

export const insertReview = (db: Db, row: DB['reviews']) => db.insertInto('reviews').values(row).execute();

const review = prepared((db, p: { productId: string; userId: string }) =>
  db.selectFrom('reviews').select('id').where('product_id', '=', p.productId).where('user_id', '=', p.userId),
);

export async function hasReviewed(db: Db, productId: string, userId: string): Promise<boolean> {
  return (await review(db, { productId, userId })).length > 0;
}

/** Reviews show newest first, with the reviewer's name and picture. */
export function reviewsPage(db: Db, productId: string, limit: number, before?: Cursor) {
  let q = db
    .selectFrom('reviews')
    .innerJoin('users', 'users.id', 'reviews.user_id')
    .select([
      'reviews.id',
      'reviews.text',
      'reviews.rating',
      'reviews.created_at',
      'users.id as user_id',
      'users.username',
      'users.avatar_key',
    ])
    .where('reviews.product_id', '=', productId);
  if (before)
    q = q.where((eb) =>
      eb(eb.refTuple('reviews.created_at', 'reviews.id'), '<', eb.tuple(String(before[0]), before[1])),
    );
  return q.orderBy('reviews.created_at', 'desc').orderBy('reviews.id', 'desc').limit(limit).execute();
}

/** Reviews by id with the reviewer and the product's title: what a report names (issue 31). */
export const reviewsByIds = (db: Db, ids: string[]) =>
  ids.length
    ? db
        .selectFrom('reviews')
        .innerJoin('users', 'users.id', 'reviews.user_id')
        .innerJoin('products', 'products.id', 'reviews.product_id')
        .select([
          'reviews.id',
          'reviews.text',
          'reviews.rating',
          'reviews.product_id',
          'products.title as product_title',
          'users.id as user_id',
          'users.username',
          'users.avatar_key',
        ])
        .where('reviews.id', 'in', ids)
        .execute()
    : Promise.resolve([]);

/** Deletes a review, once; its product's id when this call did. */
export async function deleteReview(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('reviews').select('product_id').where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const result = await db.deleteFrom('reviews').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1 ? row.product_id : undefined;
}
