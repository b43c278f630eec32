import type { AuctionsService } from './service.js';

export type { BidGate } from './bidding.js';
export type { ClosedAuction, OnAuctionClosed } from './service.js';
export type { LotTerms, LotView } from './lots.js';

/** What later modules may ask of auctions (ADR 0007). */
export const AUCTIONS_PORT = [
  // streams: a show's lots, closed in the show's transactions, bid on from its chat
  'closeNow',
  'liveState',
  'placeBid',
  'addBidGate',
  // streams: a show's run sheet (ADR 0036): its lots, waiting until the host runs each
  'addLot',
  'openLot',
  'editLot',
  'dropLot',
  'moveLots',
  'nextLotPosition',
  'lotsOf',
  'lotOf',
  'onLotClosed',
  // streams: a suspended bidder's pre-bid is refused (issue 31)
  'assertMayBid',
  // feed: candidates, signals and cards
  'feedCandidates',
  'bidSignals',
  'ownersOf',
  'feedCards',
  // reports (issue 31): staff hide and show auctions; a suspension cancels the seller's undecided ones
  'hideAuction',
  'unhideAuction',
  'reportedAuctions',
  'cancelForSuspension',
  // reports (issue 31): a hidden product on a show's run sheet takes its lot off the show
  'hideLotsOfProduct',
] as const satisfies ReadonlyArray<keyof AuctionsService>;

export type AuctionsPort = Pick<AuctionsService, (typeof AUCTIONS_PORT)[number]>;
