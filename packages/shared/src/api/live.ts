import { z } from 'zod';
import type { StreamEndReason, StreamStatus } from '../live.js';
import { ImageUrlsSchema, UserBriefSchema } from './catalog.js';

const StreamStatusSchema = z.enum(['live', 'ended'] satisfies StreamStatus[]);
const StreamEndReasonSchema = z.enum(['host', 'timer', 'abandoned'] satisfies StreamEndReason[]);

/** A card on /live. */
export const StreamCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** The cover, else the host's photo, else a placeholder: a card always has a picture. */
  cover: z.string(),
  host: UserBriefSchema,
  status: StreamStatusSchema,
  startedAt: z.string(),
  /** When bidding ends. */
  endsAt: z.string(),
  highestBid: z.object({ amount: z.number(), user: UserBriefSchema }).nullable(),
});
export type StreamCard = z.infer<typeof StreamCardSchema>;

export const ChatMessageSchema = z.object({
  id: z.string(),
  kind: z.enum(['chat', 'bid']),
  text: z.string(),
  /** For a bid: the amount in fils. */
  amount: z.number().nullable(),
  user: UserBriefSchema,
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** What changes during a stream; the socket sends it after every bid and at the end. */
export const StreamLiveSchema = z.object({
  id: z.string(),
  /** The stream's auction's sequence number: a gap means re-fetch. */
  seq: z.number(),
  status: StreamStatusSchema,
  endsAt: z.string(),
  endedAt: z.string().nullable(),
  endReason: StreamEndReasonSchema.nullable(),
  highestBid: StreamCardSchema.shape.highestBid,
  bidCount: z.number(),
  minimumBid: z.number(),
  /** Once bidding is over: who won, if anyone. */
  winner: UserBriefSchema.nullable(),
});
export type StreamLive = z.infer<typeof StreamLiveSchema>;

export const StreamDetailSchema = StreamCardSchema.extend(StreamLiveSchema.shape).extend({
  auctionId: z.string(),
  product: z.object({ id: z.string().nullable(), title: z.string(), image: ImageUrlsSchema }),
  serverTime: z.string(),
  isHost: z.boolean(),
  /** The host removed this viewer. */
  removed: z.boolean(),
  recentMessages: z.array(ChatMessageSchema),
  /** The winner's order, for the winner and the host. */
  order: z.object({ id: z.string(), status: z.string() }).nullable(),
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
  z.object({ mode: z.literal('mesh'), iceServers: z.array(IceServerSchema), maxViewers: z.number() }),
  z.object({
    mode: z.literal('janus'),
    iceServers: z.array(IceServerSchema),
    url: z.string(),
    room: z.number(),
    token: z.string(),
    role: z.enum(['publisher', 'subscriber']),
  }),
]);
export type VideoJoin = z.infer<typeof VideoJoinSchema>;
