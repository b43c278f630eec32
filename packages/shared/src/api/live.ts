import type { StreamEndReason, StreamStatus } from '../live.js';
import type { ImageUrls, UserBrief } from './catalog.js';

/** A card on /live. */
export interface StreamCard {
  id: string;
  title: string;
  /** The cover, else the host's photo, else a placeholder: a card always has a picture. */
  cover: string;
  host: UserBrief;
  status: StreamStatus;
  startedAt: string;
  /** When bidding ends. */
  endsAt: string;
  highestBid: { amount: number; user: UserBrief } | null;
}

export interface ChatMessage {
  id: string;
  kind: 'chat' | 'bid';
  text: string;
  /** For a bid: the amount in fils. */
  amount: number | null;
  user: UserBrief;
  createdAt: string;
}

/** What changes during a stream; the socket sends it after every bid and at the end. */
export interface StreamLive {
  id: string;
  /** The stream's auction's sequence number: a gap means re-fetch. */
  seq: number;
  status: StreamStatus;
  endsAt: string;
  endedAt: string | null;
  endReason: StreamEndReason | null;
  highestBid: StreamCard['highestBid'];
  bidCount: number;
  minimumBid: number;
  /** Once bidding is over: who won, if anyone. */
  winner: UserBrief | null;
}

export interface StreamDetail extends StreamCard, StreamLive {
  auctionId: string;
  product: { id: string | null; title: string; image: ImageUrls };
  serverTime: string;
  isHost: boolean;
  /** The host removed this viewer. */
  removed: boolean;
  recentMessages: ChatMessage[];
  /** The winner's order, for the winner and the host. */
  order: { id: string; status: string } | null;
}

export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

/** How this person's browser joins the stream's video. */
export type VideoJoin =
  | { mode: 'mesh'; iceServers: IceServer[]; maxViewers: number }
  | { mode: 'janus'; iceServers: IceServer[]; url: string; room: number; token: string; role: 'publisher' | 'subscriber' };
