import { z } from 'zod';
import {
  AUCTION_DURATIONS,
  AUCTION_SORT_KEYS,
  CLOSING_STYLES,
  type AuctionDuration,
  type AuctionSort,
  type ClosingStyle,
} from '../auctions.js';
import { CATEGORIES } from '../categories.js';
import { MSG } from '../messages.js';
import { CursorSchema, MAX_FILS, pageLimit } from './catalog.js';
import { blankToUndefined } from './blank.js';

/**
 * Amounts in fils as JSON numbers: whole, positive, and no larger than any price we accept. These
 * bodies are JSON, so the browser has already read what was typed (Arabic-Indic digits too, with
 * parseAmountToFils): a string here is a client's mistake, not a person's keyboard.
 */
const filsAmount = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_FILS, MSG.priceTooLarge);

/** Move to Auction: a starting bid, how long (or until when), an optional reserve, and the closing style. */
export const StartAuctionSchema = z
  .object({
    startingBid: filsAmount(MSG.startingBidPositive),
    duration: z.enum([...(Object.keys(AUCTION_DURATIONS) as AuctionDuration[]), 'custom'] as const, {
      error: MSG.chooseDuration,
    }),
    /** With duration 'custom': the end, as an ISO-8601 date and time with its offset. */
    endsAt: z.preprocess(blankToUndefined, z.iso.datetime({ offset: true, error: MSG.chooseEndDate }).optional()),
    reservePrice: z.preprocess(blankToUndefined, filsAmount(MSG.reservePositive).optional()),
    closingStyle: z
      .enum(Object.keys(CLOSING_STYLES) as [ClosingStyle, ...ClosingStyle[]], { error: MSG.chooseClosingStyle })
      .default('soft'),
  })
  .refine((v) => v.duration !== 'custom' || v.endsAt !== undefined, { message: MSG.chooseEndDate, path: ['endsAt'] })
  .refine((v) => v.reservePrice === undefined || v.reservePrice >= v.startingBid, {
    message: MSG.reserveBelowStart,
    path: ['reservePrice'],
  });
export type StartAuctionInput = z.output<typeof StartAuctionSchema>;

/** A bid: the amount now, and optionally the most the server may bid for you (a proxy bid). */
export const BidSchema = z
  .object({
    amount: filsAmount(MSG.bidAmountInvalid),
    maxAmount: z.preprocess(blankToUndefined, filsAmount(MSG.maxBidInvalid).optional()),
  })
  .refine((v) => v.maxAmount === undefined || v.maxAmount >= v.amount, {
    message: MSG.maxBidBelowBid,
    path: ['maxAmount'],
  });
export type BidInput = z.output<typeof BidSchema>;

/** An Idempotency-Key header: the client's own name for one attempt, so a retry bids once. */
export const IdempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, MSG.idempotencyKeyInvalid);

export const AuctionListQuerySchema = z.object({
  category: z
    .preprocess(blankToUndefined, z.enum(CATEGORIES, { error: MSG.selectCategory }).optional())
    .describe('Only auctions of this category; omit for every category.'),
  sort: z
    .preprocess(
      blankToUndefined,
      z.enum(AUCTION_SORT_KEYS as [AuctionSort, ...AuctionSort[]], { error: MSG.invalidSort }).default('ending'),
    )
    .describe(
      `The order: ${AUCTION_SORT_KEYS.map((k) => `\`${k}\``).join(', ')} (prices by the current bid, or the starting bid before any); \`ending\` (ending soonest) when omitted.`,
    ),
  cursor: z
    .preprocess(blankToUndefined, CursorSchema.optional())
    .describe(
      "The previous page's `nextCursor`, with the same `sort`, for the page after it; omit for the first page.",
    ),
  limit: pageLimit.describe('How many auctions a page holds, 1 to 60; 24 when omitted.'),
});
export type AuctionListQuery = z.output<typeof AuctionListQuerySchema>;
