import type { BidGate } from './bidding.js';
import type { AuctionsService, OnAuctionClosed } from './service.js';

export type { BidGate } from './bidding.js';
export type { ClosedAuction, OnAuctionClosed } from './service.js';
export type { LotTerms, LotView } from './lots.js';
export type { UnpaidWinFlow, UnpaidWinParts } from './wins.js';
// What the unpaid-win flow (flows/unpaid-win.ts) tells people, in auctions' words.
export { buyerUnpaidNews, reminderNews, unpaidNews } from './wins-news.js';
export { MY_ORDERS, sellerLink, sellersOf, titleOf } from './wins-tell.js';

/** What later modules may ask of auctions (ADR 0007). */
export const AUCTIONS_PORT = [
  // streams: a show's lots, closed in the show's transactions, bid on from its chat
  'closeNow',
  'liveState',
  'placeBid',
  // streams: a show's run sheet (ADR 0036): its lots, waiting until the host runs each
  'addLot',
  'openLot',
  'editLot',
  'dropLot',
  'moveLots',
  'nextLotPosition',
  'lotsOf',
  'lotOf',
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

/** The auctions' slots: what modules after it add, each as it is created. */
export interface AuctionsSlots {
  /** Streams: a rule on who may bid (nobody the host removed), read in every batch whatever the route. */
  bidGate(gate: BidGate): void;
  /** Streams: what a show's lot closing does in its show (the hammer line, the room told), in the close's transaction. */
  lotClosed(hook: OnAuctionClosed): void;
}

export type AuctionsPort = Pick<AuctionsService, (typeof AUCTIONS_PORT)[number]> & { slots: AuctionsSlots };
