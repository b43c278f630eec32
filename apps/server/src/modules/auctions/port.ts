import type { AuctionsService } from './service.js';

export type { BidGate } from './bidding.js';
export type { ClosedAuction, OnAuctionClosed } from './service.js';

/** What later modules may ask of auctions (ADR 0007). */
export const AUCTIONS_PORT = [
  // streams: a stream's auction, opened and closed in the stream's transactions, bid on from its chat
  'startLive',
  'closeNow',
  'liveState',
  'placeBid',
  'addBidGate',
  // feed: candidates, signals and cards
  'feedCandidates',
  'bidSignals',
  'ownersOf',
  'feedCards',
] as const satisfies ReadonlyArray<keyof AuctionsService>;

export type AuctionsPort = Pick<AuctionsService, (typeof AUCTIONS_PORT)[number]>;
