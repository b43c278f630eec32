import { z } from 'zod';
import type { AuctionLive, BidEntry } from '../api/auctions.js';
import type { ChatMessage, GiveawayCard, Lot, PinCard, StreamLive, ViewerList } from '../api/live.js';
import type { AppNotification } from '../api/notifications.js';
import type { ErrorCode } from '../errors.js';
import { ChatTextSchema } from '../schemas/live.js';

/** The socket protocol (Socket.IO on the app's own port). */
export {
  OLDEST_CLIENT_PROTOCOL,
  PROTOCOL_VERSION,
  protocolRefusalOf,
  refusalOfClientProtocol,
  type ProtocolMismatch,
  type ProtocolRefusal,
} from './version.js';

/** Frames larger than this are refused by the server before they are parsed. */
export const MAX_FRAME_BYTES = 64 * 1024;

const id = z.string().uuid();
/** A WebRTC session description or ICE candidate, relayed as is; only its size is bounded here. */
const sdp = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(20_000) }).strict();
const candidate = z
  .object({
    candidate: z.string().max(2_000),
    sdpMid: z.string().max(64).nullable().optional(),
    sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
    usernameFragment: z.string().max(256).nullable().optional(),
  })
  .strict();
/**
 * Socket.IO socket ids (15 random bytes, URL-safe base64): the server fills in `from`; a host
 * names the viewer it answers. Exactly that shape, so no room's name (the lobby, a person) passes.
 */
const socketId = z.string().regex(/^[A-Za-z0-9_-]{20}$/, 'Say which viewer this is for.');

/** Everything a client may send, each validated on arrival. */
export const ClientMessageSchemas = {
  'auction:watch': z.object({ auctionId: id }).strict(),
  'auction:unwatch': z.object({ auctionId: id }).strict(),
  /** The live list: news of any stream starting, ending or taking a bid. */
  'streams:watch': z.object({}).strict(),
  'stream:join': z.object({ streamId: id }).strict(),
  'stream:leave': z.object({ streamId: id }).strict(),
  /** A chat line (trimmed, 1–500 characters); a number-only line is a bid. `clientId` makes a resend safe (it is the bid's Idempotency-Key). */
  'stream:chat': z
    .object({ streamId: id, text: ChatTextSchema, clientId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/) })
    .strict(),
  /** The host page says it is still there (a reload is not leaving). */
  'stream:heartbeat': z.object({ streamId: id }).strict(),
  /** The host or a moderator asks who is watching (answered in the acknowledgement). */
  'stream:viewer-list': z.object({ streamId: id }).strict(),
  /** Mesh video: a viewer asks the host for a connection. */
  'rtc:request': z.object({ streamId: id }).strict(),
  /** Mesh video: an offer, an answer, a candidate, or the host saying it is full; to the host, or (from the host) to one viewer. */
  'rtc:signal': z
    .object({
      streamId: id,
      to: socketId.optional(),
      description: sdp.optional(),
      candidate: candidate.optional(),
      full: z.literal(true).optional(),
    })
    .strict(),
} as const;

export type ClientEvent = keyof typeof ClientMessageSchemas;
export type ClientMessage<E extends ClientEvent> = z.input<(typeof ClientMessageSchemas)[E]>;

/** An auction changed: every field the page shows, and the bids that made the change. */
export interface AuctionUpdate {
  auction: AuctionLive;
  /** New bid rows, oldest first (empty for an extension or a close on its own). */
  bids: BidEntry[];
  reason: 'bid' | 'closed' | 'cancelled';
  serverTime: string;
}

/**
 * The auction's sequence number just before this update. A bid update carrying k bid rows moves
 * the number by k (several bids committed together arrive as one update); any other update by 1.
 */
export const seqBefore = (update: AuctionUpdate): number => (update.bids[0]?.seq ?? update.auction.seq) - 1;

export interface StreamUpdate {
  stream: StreamLive;
  serverTime: string;
}

/** The answer to a chat line (a Socket.IO acknowledgement). */
export type ChatAck =
  | { ok: true; message: ChatMessage; bid?: { leading: boolean; message: string } }
  | { ok: false; code: ErrorCode; message: string };

export interface ServerEvents {
  hello: (message: { version: number; serverTime: string; userId: string | null }) => void;
  'auction:update': (message: AuctionUpdate) => void;
  notification: (message: { notification: AppNotification; unread: number; serverTime: string }) => void;
  'streams:changed': (message: { streamId: string; serverTime: string }) => void;
  'stream:update': (message: StreamUpdate) => void;
  'stream:message': (message: { streamId: string; message: ChatMessage }) => void;
  'stream:message-deleted': (message: { streamId: string; messageId: string }) => void;
  'stream:viewers': (message: { streamId: string; count: number }) => void;
  'stream:removed': (message: { streamId: string; message: string }) => void;
  /** The run sheet changed (a lot added, moved, dropped, started, sold or passed): all of it, in order. */
  'show:lots': (message: { streamId: string; lots: Lot[]; serverTime: string }) => void;
  /** Buy It Now changed (pinned, unpinned, a unit sold): every pinned item. */
  'show:pins': (message: { streamId: string; pins: PinCard[] }) => void;
  /** A giveaway started or was drawn (issue 47): the show's latest giveaway. Added in a way older clients ignore. */
  'show:giveaway': (message: { streamId: string; giveaway: GiveawayCard }) => void;
  /** To the person muted: until when, and why. */
  'stream:muted': (message: { streamId: string; until: string; message: string }) => void;
  /** Mesh video, to the host: a viewer wants a connection. */
  'rtc:viewer': (message: { streamId: string; viewer: string }) => void;
  'rtc:viewer-left': (message: { streamId: string; viewer: string }) => void;
  'rtc:signal': (message: {
    streamId: string;
    from: string;
    description?: { type: 'offer' | 'answer'; sdp: string };
    candidate?: z.infer<typeof candidate>;
    full?: true;
  }) => void;
  /** A message the server would not act on (malformed, unknown, too many), and why. */
  refused: (message: { code: ErrorCode; message: string; event?: string }) => void;
}

export type Refusal = { ok: false; code: ErrorCode; message: string };

/** What the server acknowledges each message with, when the client asks (Socket.IO acks). */
export interface ClientAcks {
  'stream:chat': ChatAck;
  'stream:join': { ok: true; isHost: boolean } | Refusal;
  'stream:viewer-list': ({ ok: true } & ViewerList) | Refusal;
}
type AckOf<E extends ClientEvent> = E extends keyof ClientAcks ? ClientAcks[E] : { ok: true } | Refusal;

export type ClientEvents = { [E in ClientEvent]: (message: ClientMessage<E>, ack?: (reply: AckOf<E>) => void) => void };

export const auctionRoom = (auctionId: string) => `auction:${auctionId}`;
export const userRoom = (userId: string) => `user:${userId}`;
export const streamRoom = (streamId: string) => `stream:${streamId}`;
/** The host's sockets for a stream: where viewers' video requests go. */
export const streamHostRoom = (streamId: string) => `stream-host:${streamId}`;
export const STREAMS_LOBBY = 'streams';
