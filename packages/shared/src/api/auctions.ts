import { z } from 'zod';
import { AUCTION_STATUSES, CLOSING_STYLES, type ClosingStyle } from '../auctions.js';
import { ImageUrlsSchema, UserBriefSchema } from './catalog.js';
import { RunnerUpSchema, SecondChanceOfferSchema } from './wins.js';
import { Fils, Timestamp, Whole } from './scalars.js';

const AuctionStatusSchema = z.enum(AUCTION_STATUSES);

/** A card on /auction and on a seller's "View Auctions" tab. */
export const AuctionSummarySchema = z.object({
  id: z.string(),
  productId: z.string().nullable(),
  title: z.string(),
  category: z.string(),
  image: ImageUrlsSchema,
  startingBid: Fils,
  /** Null until the first bid. */
  currentBid: Fils.nullable(),
  bidCount: Whole,
  startsAt: Timestamp,
  endsAt: Timestamp,
  status: AuctionStatusSchema,
  seller: UserBriefSchema,
});
export type AuctionSummary = z.infer<typeof AuctionSummarySchema>;

/** What changes while an auction runs: a bid, an extension, the close. Sent over the socket too. */
export const AuctionLiveSchema = z.object({
  id: z.string(),
  /** The auction's event sequence number: a client that sees a gap re-fetches. */
  seq: Whole,
  currentBid: Fils.nullable(),
  bidCount: Whole,
  minimumBid: Fils,
  endsAt: Timestamp,
  status: AuctionStatusSchema,
  /** The highest bidder now; once closed, the winner if it sold. */
  leader: UserBriefSchema.nullable(),
  reserveMet: z.boolean(),
});
export type AuctionLive = z.infer<typeof AuctionLiveSchema>;

export const AuctionDetailSchema = AuctionSummarySchema.extend(AuctionLiveSchema.shape).extend({
  description: z.string().nullable(),
  images: z.array(ImageUrlsSchema),
  closingStyle: z.enum(Object.keys(CLOSING_STYLES) as [ClosingStyle, ...ClosingStyle[]]),
  hasReserve: z.boolean(),
  /** The server's clock when this was read: the page counts down against it. */
  serverTime: Timestamp,
  isOwner: z.boolean(),
  /** Only the bidder sees their own maximum. */
  myMaxBid: Fils.nullable(),
  amLeading: z.boolean(),
  /** The winner's order, shown only to the winner and the seller. */
  order: z
    .object({
      id: z.string(),
      status: z.string(),
      /** The deadline for the address (issue 31). */
      completeBy: z.string().nullable(),
      cancelAsked: z.boolean(),
      cancelReason: z.string().nullable(),
    })
    .nullable(),
  /** The second-chance offer (issue 31), shown to the seller and to the runner-up it went to. */
  secondChance: SecondChanceOfferSchema.nullable(),
  /** The seller, after the winner's order was cancelled and before any offer: whom they may offer it to. */
  runnerUp: RunnerUpSchema.nullable(),
  /** Seller actions the server would allow now. */
  canCancel: z.boolean(),
  canRelist: z.boolean(),
  /** Hidden by staff (issue 31): only its seller reads the page then, with when and why. */
  hidden: z.object({ at: Timestamp, reason: z.string() }).nullable(),
});
export type AuctionDetail = z.infer<typeof AuctionDetailSchema>;

export const BidEntrySchema = z.object({
  seq: Whole,
  bidder: UserBriefSchema,
  amount: Fils,
  /** Placed by the server from the bidder's maximum. */
  auto: z.boolean(),
  createdAt: Timestamp,
});
export type BidEntry = z.infer<typeof BidEntrySchema>;

/** The answer to a bid: the auction as it stands after it, and where the bidder is. */
export const BidResultSchema = z.object({
  auction: AuctionLiveSchema,
  leading: z.boolean(),
  myMaxBid: Fils.nullable(),
  /** Set when a rival's maximum outbid this bid at once. */
  message: z.string(),
});
export type BidResult = z.infer<typeof BidResultSchema>;

export const ServerTimeSchema = z.object({ serverTime: Timestamp });
export type ServerTime = z.infer<typeof ServerTimeSchema>;
