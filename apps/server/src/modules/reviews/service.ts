import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { MSG, type Page, type PageQuery, type Review, type ReviewInput } from '@souq/shared';
import { isUniqueViolation } from '../../db/database.js';
import type { DB, UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { decodeCursor, encodeCursor, pageOf } from '../../lib/cursor.js';
import type { CatalogPort } from '../catalog/port.js';
import type { Clock } from '../../lib/clock.js';
import * as q from './queries.js';

export type ReviewsService = ReturnType<typeof createReviewsService>;

export interface ReviewsDeps {
  db: Kysely<DB>;
  catalog: Pick<CatalogPort, 'countReview' | 'ownerOf' | 'recomputeRating' | 'uncountReview'>;
  clock: Clock;
  avatarUrl: (key: string | null) => string;
}

export function createReviewsService(deps: ReviewsDeps) {
  const { db, catalog } = deps;

  return {
    hasReviewed: (productId: string, user: UserRow | null) =>
      user ? q.hasReviewed(db, productId, user.id) : Promise.resolve(false),

    async list(productId: string, { cursor }: PageQuery): Promise<Page<Review>> {
      const rows = await q.reviewsPage(db, productId, 21, decodeCursor(cursor));
      return pageOf(
        rows,
        20,
        (r) => ({
          id: r.id,
          text: r.text,
          rating: r.rating,
          createdAt: r.created_at,
          user: { id: r.user_id, username: r.username, profilePic: deps.avatarUrl(r.avatar_key) },
        }),
        (r) => encodeCursor(r.created_at, r.id),
      );
    },

    /** One review per user per product, decided by the unique constraint; the rating moves in the same transaction. */
    async create(user: UserRow, productId: string, input: ReviewInput): Promise<{ id: string }> {
      const id = crypto.randomUUID();
      try {
        await db.transaction().execute(async (trx) => {
          const owner = await catalog.ownerOf(trx, productId);
          if (owner === undefined) throw new DomainError('NOT_FOUND', MSG.reviewProductMissing);
          // A review is a buyer's word; the seller grading their own listing would only be noise.
          if (owner === user.id) throw new DomainError('FORBIDDEN', MSG.cannotReviewOwn);
          if (!(await catalog.countReview(trx, productId)))
            throw new DomainError('NOT_FOUND', MSG.reviewProductMissing);
          await q.insertReview(trx, {
            id,
            product_id: productId,
            user_id: user.id,
            text: input.text,
            rating: input.rating,
            created_at: deps.clock.iso(),
          });
          await catalog.recomputeRating(trx, productId);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DomainError('CONFLICT', MSG.reviewDuplicate);
        throw error;
      }
      return { id };
    },

    // Reports (issue 31): a reported review in context, and its removal by staff.
    async reviewAuthor(id: string): Promise<string | undefined> {
      return (await q.reviewsByIds(db, [id]))[0]?.user_id;
    },

    async reportedReviews(ids: string[]) {
      return (await q.reviewsByIds(db, ids)).map((r) => ({
        id: r.id,
        text: r.text,
        rating: r.rating,
        productId: r.product_id,
        productTitle: r.product_title,
        owner: { id: r.user_id, username: r.username, profilePic: deps.avatarUrl(r.avatar_key) },
      }));
    },

    /** Removes a review in the caller's transaction; the product's count and rating move with it. False when already gone. */
    async removeReview(trx: Transaction<DB>, id: string): Promise<boolean> {
      const productId = await q.deleteReview(trx, id);
      if (!productId) return false;
      await catalog.uncountReview(trx, productId);
      await catalog.recomputeRating(trx, productId);
      return true;
    },
  };
}
