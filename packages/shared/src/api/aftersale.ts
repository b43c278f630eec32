import { z } from 'zod';
import { ANSWER_KINDS, DECISIONS, PROBLEM_KINDS, PROBLEM_STATUSES } from '../schemas/aftersale.js';
import { UserBriefSchema, pageOf } from './catalog.js';
import { Timestamp, Whole } from './scalars.js';

/**
 * A seller's standing (issue 31): shown on their profile, product, auction and live pages from one
 * small answer the browser caches. Ratings are all-time; on-time shipping counts the last 12 months.
 */
export const SellerStandingSchema = z.object({
  sellerId: z.string(),
  /** Mean of the stars, one decimal; null with no ratings yet. */
  average: z.number().nullable(),
  ratings: Whole,
  /** Seller lines due to ship in the last 12 months (shipped, or past their deadline). */
  shipments: Whole,
  /** Of those, shipped by their deadline. */
  onTime: Whole,
  /** onTime / shipments as a whole percentage; null with no shipments yet. */
  onTimePercent: z.number().nullable(),
});
export type SellerStanding = z.infer<typeof SellerStandingSchema>;

export const SellerRatingSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  sellerId: z.string(),
  buyer: UserBriefSchema,
  stars: Whole,
  comment: z.string().nullable(),
  reply: z.string().nullable(),
  repliedAt: Timestamp.nullable(),
  createdAt: Timestamp,
});
export type SellerRating = z.infer<typeof SellerRatingSchema>;

/** A page of a seller's ratings, newest first (keyset-paged, ADR 0006). */
export const SellerRatingListSchema = pageOf(SellerRatingSchema);
export type SellerRatingList = z.infer<typeof SellerRatingListSchema>;

/** A problem on a delivered line, as its buyer, its seller and staff see it. */
export const ProblemSchema = z.object({
  id: z.string(),
  lineId: z.string(),
  orderId: z.string(),
  title: z.string(),
  buyer: UserBriefSchema,
  seller: UserBriefSchema,
  kind: z.enum(PROBLEM_KINDS),
  text: z.string(),
  photos: z.array(z.string()),
  status: z.enum(PROBLEM_STATUSES),
  /** The seller answers by then; after it the buyer may escalate unanswered. */
  answerBy: z.string(),
  /** Still open after `answerBy`: the seller let the answer time pass, and the buyer may escalate. */
  unanswered: z.boolean(),
  answer: z.object({ kind: z.enum(ANSWER_KINDS), text: z.string(), at: Timestamp }).nullable(),
  escalation: z.object({ text: z.string().nullable(), at: Timestamp }).nullable(),
  decision: z.object({ for: z.enum(DECISIONS), reason: z.string(), at: Timestamp }).nullable(),
  createdAt: Timestamp,
});
export type Problem = z.infer<typeof ProblemSchema>;

/**
 * What happened after the sales a person is part of, as buyer or seller: the ratings given on
 * their orders and the problems on their lines. The order and sales pages match them to lines.
 */
export const AftersaleSchema = z.object({
  ratings: z.array(SellerRatingSchema),
  problems: z.array(ProblemSchema),
});
export type Aftersale = z.infer<typeof AftersaleSchema>;

export const DisputeListSchema = z.object({ items: z.array(ProblemSchema) });
export type DisputeList = z.infer<typeof DisputeListSchema>;
