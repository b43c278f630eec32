import { z } from 'zod';
import { UserBriefSchema } from './catalog.js';
import { Fils, Timestamp, Whole } from './scalars.js';

/**
 * Winners who don't pay (issue 31, ADR 0037): what a won order, an auction page, My Account and
 * /admin show of completion deadlines, strikes and second-chance offers.
 */

/** The seller's one second-chance offer on an auction, as its seller and its runner-up see it. */
export const SecondChanceOfferSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'accepted', 'declined', 'expired']),
  /** The runner-up's own highest bid, in fils. */
  amount: Fils,
  expiresAt: Timestamp,
  bidder: UserBriefSchema,
  /** True when the one reading is the runner-up it was sent to. */
  toMe: z.boolean(),
  /** The order accepting it made; shown to its buyer and seller. */
  orderId: z.string().nullable(),
});
export type SecondChanceOffer = z.infer<typeof SecondChanceOfferSchema>;

/** Who the seller could offer a second chance to, and at what price (their highest bid). */
export const RunnerUpSchema = z.object({ bidder: UserBriefSchema, amount: Fils });
export type RunnerUp = z.infer<typeof RunnerUpSchema>;

export const StrikeSchema = z.object({
  id: z.string(),
  /** What was won and not paid for. */
  title: z.string(),
  createdAt: Timestamp,
});
export type Strike = z.infer<typeof StrikeSchema>;

/** A person's own strikes (nobody else's) and their bidding suspension, if any. */
export const MyStrikesSchema = z.object({
  strikes: z.array(StrikeSchema),
  /** When bidding is allowed again; null when it is not suspended. */
  suspendedUntil: z.string().nullable(),
});
export type MyStrikes = z.infer<typeof MyStrikesSchema>;

/** Staff's list of people with strikes in the last 90 days. */
export const StruckPersonSchema = z.object({
  user: UserBriefSchema,
  strikes: Whole,
  lastStrikeAt: Timestamp,
  suspendedUntil: z.string().nullable(),
});
export const StruckPeopleSchema = z.object({ people: z.array(StruckPersonSchema) });
export type StruckPeople = z.infer<typeof StruckPeopleSchema>;

/** The seller's answer to a buyer who asked to cancel: agree (no strike) or decline (the deadline runs on). */
export const CancelAnswerSchema = z.object({ agree: z.boolean() });
export type CancelAnswer = z.infer<typeof CancelAnswerSchema>;
