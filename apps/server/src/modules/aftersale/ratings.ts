import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  MSG,
  type Page,
  type PageQuery,
  type RateSellerInput,
  type SellerRating,
  type SellerStanding,
} from '@souq/shared';
import { isUniqueViolation } from '../../db/database.js';
import type { DB, UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { decodeCursor, encodeCursor, pageOf } from '../../lib/cursor.js';
import { DomainError } from '../../lib/errors.js';
import type { OrdersPort } from '../orders/port.js';
import * as q from './queries.js';

/** The window the seller's on-time share covers. */
const ON_TIME_WINDOW_MS = 365 * 86_400_000;

export interface RatingsDeps {
  db: Kysely<DB>;
  clock: Clock;
  orders: Pick<OrdersPort, 'buyerLine' | 'shippingRecord'>;
  avatarUrl(key: string | null): string;
}

/** The ratings a page of a seller's profile lists (newest first), as a product's reviews. */
const PAGE_SIZE = 20;

export type Ratings = ReturnType<typeof createRatings>;

/**
 * Seller ratings (issue 31): once a line is delivered its buyer rates the seller, once per order
 * and seller (a unique constraint, so a double tap is one rating); the seller replies once.
 */
export function createRatings(deps: RatingsDeps) {
  const { db, clock } = deps;

  const toRating = (r: q.RatingRow): SellerRating => ({
    id: r.id,
    orderId: r.order_id,
    sellerId: r.seller_id,
    buyer: { id: r.buyer_id, username: r.buyer_username, profilePic: deps.avatarUrl(r.buyer_avatar) },
    stars: r.stars,
    comment: r.comment,
    reply: r.reply,
    repliedAt: r.replied_at,
    createdAt: r.created_at,
  });

  return {
    toRating,

    async rate(buyer: UserRow, lineId: string, input: RateSellerInput): Promise<SellerRating> {
      const line = await deps.orders.buyerLine(lineId, buyer.id);
      if (!line) throw new DomainError('NOT_FOUND', MSG.lineNotFound);
      if (line.status !== 'delivered') throw new DomainError('CONFLICT', MSG.ratingNotDelivered);
      const id = crypto.randomUUID();
      try {
        await q.insertRating(db, {
          id,
          order_id: line.order_id,
          seller_id: line.seller_id,
          buyer_id: buyer.id,
          stars: input.stars,
          comment: input.comment,
          reply: null,
          replied_at: null,
          created_at: clock.iso(),
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DomainError('CONFLICT', MSG.alreadyRated);
        throw error;
      }
      return toRating((await q.ratingById(db, id))!);
    },

    async reply(seller: UserRow, ratingId: string, text: string): Promise<SellerRating> {
      if (!(await q.setReply(db, ratingId, seller.id, text, clock.iso()))) {
        const rating = await q.ratingById(db, ratingId);
        if (!rating || rating.seller_id !== seller.id) throw new DomainError('NOT_FOUND', MSG.ratingNotFound);
        throw new DomainError('CONFLICT', MSG.alreadyReplied);
      }
      return toRating((await q.ratingById(db, ratingId))!);
    },

    async ofSeller(sellerId: string, { cursor }: PageQuery): Promise<Page<SellerRating>> {
      const before = decodeCursor(cursor);
      if (!(await q.userExists(db, sellerId))) throw new DomainError('NOT_FOUND', MSG.userNotFound);
      const rows = await q.ratingsOfSeller(db, sellerId, PAGE_SIZE + 1, before);
      return pageOf(rows, PAGE_SIZE, toRating, (r) => encodeCursor(r.created_at, r.id));
    },

    /** What every page showing a seller shows of them; computed on read from two indexed aggregates. */
    async standing(sellerId: string): Promise<SellerStanding> {
      if (!(await q.userExists(db, sellerId))) throw new DomainError('NOT_FOUND', MSG.userNotFound);
      const [summary, record] = await Promise.all([
        q.ratingSummary(db, sellerId),
        deps.orders.shippingRecord(sellerId, ON_TIME_WINDOW_MS),
      ]);
      const ratings = Number(summary.n);
      return {
        sellerId,
        average: ratings ? Math.round(Number(summary.average) * 10) / 10 : null,
        ratings,
        shipments: record.due,
        onTime: record.onTime,
        onTimePercent: record.due ? Math.round((record.onTime / record.due) * 100) : null,
      };
    },
  };
}
