import { z } from 'zod';
import { CLOSING_STYLES, type ClosingStyle } from '../auctions.js';
import { GIVEAWAY_ELIGIBILITIES, LOT_STATUSES, type StreamEndReason, type StreamStatus } from '../live.js';
import { ImageUrlsSchema, UserBriefSchema } from './catalog.js';
import { Fils, Timestamp, Whole } from './scalars.js';

const StreamStatusSchema = z.enum(['scheduled', 'live', 'ended'] satisfies StreamStatus[]);
const StreamEndReasonSchema = z.enum(['host', 'timer', 'abandoned'] satisfies StreamEndReason[]);

/** A card on /live. */
export const StreamCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The cover, else the host's photo, else a placeholder: a card always has a picture. */
  cover: z.string(),
  host: UserBriefSchema,
  status: StreamStatusSchema,
  startedAt: Timestamp,
  /** When the show ends (its length from the start); a scheduled show's, from its planned start. */
  endsAt: Timestamp,
  /** A scheduled show's planned start; null for one that went live at once. */
  scheduledFor: z.string().nullable(),
  /** The lot on screen's highest bid (the last lot's, once the show ended). */
  highestBid: z.object({ amount: Fils, user: UserBriefSchema }).nullable(),
});
export type StreamCard = z.infer<typeof StreamCardSchema>;

export const ChatMessageSchema = z.object({
  id: z.string(),
  /** 'sold' and 'passed' are the show's own lines at a lot's close: the browser words them in its language. */
  kind: z.enum(['chat', 'bid', 'sold', 'passed']),
  /** The line as typed; for 'sold'/'passed', the English line ("Sold to amira for AED 1,260.00"). */
  text: z.string(),
  /** For a bid: the amount in fils; for 'sold': the hammer price. */
  amount: Fils.nullable(),
  /** Who wrote it; for 'sold', the winner; for 'passed', the host. */
  user: UserBriefSchema,
  /** For 'sold'/'passed': the lot's title. */
  lotTitle: z.string().nullable().optional(),
  createdAt: Timestamp,
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** A sale's clip: the last seconds of the stream up to the hammer. */
export const ClipSchema = z.object({ url: z.string(), durationMs: Whole, mimeType: z.string() });
export type Clip = z.infer<typeof ClipSchema>;

/**
 * A lot on a show's run sheet. Its id is its auction's: each lot is a short auction of its own
 * (kind 'live'), so bids, proxy maxima, the close and the winner's order are the auctions' rules.
 */
export const LotSchema = z.object({
  id: z.string(),
  /** Its place on the run sheet, from 0. */
  position: Whole,
  status: z.enum(LOT_STATUSES),
  product: z.object({ id: z.string().nullable(), title: z.string(), image: ImageUrlsSchema }),
  startingBid: Fils,
  seconds: Whole,
  closingStyle: z.enum(Object.keys(CLOSING_STYLES) as [ClosingStyle, ...ClosingStyle[]]),
  /** The lot's auction's sequence number: a gap means re-fetch. */
  seq: Whole,
  currentBid: Fils.nullable(),
  bidCount: Whole,
  minimumBid: Fils,
  leader: UserBriefSchema.nullable(),
  /** When a running lot closes on the server's clock (soft close may move it); when a closed one closed; null while waiting. */
  endsAt: Timestamp.nullable(),
  /** A sold lot's winner and hammer price. */
  winner: UserBriefSchema.nullable(),
  clip: ClipSchema.nullable(),
});
export type Lot = z.infer<typeof LotSchema>;

/** Buy It Now: a product the host pinned at a fixed price, while stock lasts. */
export const PinCardSchema = z.object({
  id: z.string(),
  product: z.object({ id: z.string(), title: z.string(), image: ImageUrlsSchema }),
  price: Fils,
  stock: Whole,
  sold: Whole,
  /** A flash sale (issue 47): the price holds until `endsAt` on the server's clock, `perBuyer` units each; null: plain Buy It Now. */
  flash: z.object({ endsAt: Timestamp, perBuyer: Whole, listPrice: Fils }).nullable(),
});
export type PinCard = z.infer<typeof PinCardSchema>;

/** A chapter of a replay: where a lot began, with how it ended. */
export const ReplayChapterSchema = z.object({
  lotId: z.string(),
  /** The lot's place on the run sheet, from 0. */
  position: Whole,
  title: z.string(),
  outcome: z.enum(['sold', 'passed']),
  /** The hammer price when sold. */
  price: Fils.nullable(),
  /** From the replay's start. */
  atMs: Whole,
});
export type ReplayChapter = z.infer<typeof ReplayChapterSchema>;

/** A whole show, recorded (issue 47): its file (served with byte ranges) and a chapter at each lot. */
export const ReplaySchema = z.object({
  url: z.string(),
  mimeType: z.string(),
  durationMs: Whole,
  chapters: z.array(ReplayChapterSchema),
});
export type Replay = z.infer<typeof ReplaySchema>;

/**
 * A show's giveaway (issue 47), as everyone watching sees it: the prize, who may enter, when
 * entries close on the server's clock, and once drawn how many entered and who won.
 */
export const GiveawayCardSchema = z.object({
  id: z.string(),
  product: z.object({ id: z.string(), title: z.string(), image: ImageUrlsSchema }),
  eligibility: z.enum(GIVEAWAY_ELIGIBILITIES),
  deliveryFee: Fils,
  endsAt: Timestamp,
  status: z.enum(['open', 'drawn', 'no_entries']),
  /** Counted at the draw; 0 while entries are open. */
  entries: Whole,
  winner: z.object({ id: z.string(), username: z.string() }).nullable(),
});
export type GiveawayCard = z.infer<typeof GiveawayCardSchema>;

/** What changes during a stream; the socket sends it after every bid, at each lot's start and close, and at the end. */
export const StreamLiveSchema = z.object({
  id: z.string(),
  /** The lot on screen's auction's sequence number: a gap means re-fetch (a new lot starts its own count). */
  seq: Whole,
  status: StreamStatusSchema,
  /** When the show ends. */
  endsAt: Timestamp,
  endedAt: Timestamp.nullable(),
  endReason: StreamEndReasonSchema.nullable(),
  /** The lot on screen's price, bids, next bid and winner (the fields the single-product stream had). */
  highestBid: StreamCardSchema.shape.highestBid,
  bidCount: Whole,
  minimumBid: Fils,
  winner: UserBriefSchema.nullable(),
  /** The lot on screen: running, or the last one that closed; null before the first starts. */
  lot: LotSchema.nullable(),
});
export type StreamLive = z.infer<typeof StreamLiveSchema>;

export const StreamDetailSchema = StreamCardSchema.extend(StreamLiveSchema.shape).extend({
  /** The lot on screen's auction. */
  auctionId: z.string(),
  product: z.object({ id: z.string().nullable(), title: z.string(), image: ImageUrlsSchema }),
  serverTime: Timestamp,
  isHost: z.boolean(),
  /** The host removed this viewer. */
  removed: z.boolean(),
  recentMessages: z.array(ChatMessageSchema),
  /** This viewer's own order from the show (every win and purchase in one); for the host, the lot on screen's order. */
  order: z.object({ id: z.string(), status: z.string() }).nullable(),
  /** The run sheet, in order. */
  lots: z.array(LotSchema),
  /** Buy It Now. */
  pins: z.array(PinCardSchema),
  /** The show's latest giveaway, running or drawn; null before the first. */
  giveaway: GiveawayCardSchema.nullable(),
  /** This viewer entered that giveaway. */
  giveawayEntered: z.boolean(),
  /** A rehearsal (issue 47): seen only by the host and their moderators, bid on by simulated bidders at this pace. */
  rehearsalPace: z.enum(['calm', 'lively', 'frenzy']).nullable(),
  /** This viewer's pre-bids, by lot id (fils). */
  myPrebids: z.record(z.string(), Fils),
  /** This viewer asked to be reminded when the show goes live. */
  reminded: z.boolean(),
  /** The host or one of their moderators. */
  canModerate: z.boolean(),
  /** The muted words, for the host and moderators; empty for everyone else. */
  mutedWords: z.array(z.string()),
  /** Until when a moderator muted this viewer, if they did. */
  mutedUntil: z.string().nullable(),
});
export type StreamDetail = z.infer<typeof StreamDetailSchema>;

export const IceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof IceServerSchema>;

/** How this person's browser joins the stream's video. */
export const VideoJoinSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('mesh'), iceServers: z.array(IceServerSchema), maxViewers: Whole }),
  z.object({
    mode: z.literal('janus'),
    iceServers: z.array(IceServerSchema),
    url: z.string(),
    room: Whole,
    token: z.string(),
    role: z.enum(['publisher', 'subscriber']),
    /** Janus records the show for its replay, so the host's browser need not (ADR 0057). */
    serverRecords: z.boolean(),
  }),
]);
export type VideoJoin = z.infer<typeof VideoJoinSchema>;

/** Who is watching, for the host and moderators: the people signed in, and how many guests. */
export const ViewerListSchema = z.object({ viewers: z.array(UserBriefSchema), guests: Whole });
export type ViewerList = z.infer<typeof ViewerListSchema>;
