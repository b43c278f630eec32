/**
 * Timed-auction rules both sides need: the server decides with them, the browser shows them
 * (the minimum next bid, the quick-bid buttons, the soft-close notice).
 */
import { groupThousands } from './numbers.js';
import { MAX_FILS } from './schemas/catalog.js';

/** The bid step by price band, in fils: below AED 50 it is AED 1; from AED 25,000 it is AED 500. */
export const BID_INCREMENTS: ReadonlyArray<{ below: number; step: number }> = [
  { below: 50_00, step: 1_00 },
  { below: 250_00, step: 5_00 },
  { below: 1_000_00, step: 10_00 },
  { below: 5_000_00, step: 50_00 },
  { below: 25_000_00, step: 100_00 },
  { below: Number.POSITIVE_INFINITY, step: 500_00 },
];

export function bidIncrement(currentFils: number): number {
  return BID_INCREMENTS.find((band) => currentFils < band.below)!.step;
}

/**
 * The least the next bid may be: the starting bid before anyone bids, then the current bid plus
 * one step. Near the price cap the step shrinks to what is left, so the cap itself is the last
 * possible bid (ADR 0030): a bid of AED 9,999,999.99 can still be beaten, by AED 10,000,000.
 */
export function minimumNextBid(auction: { startingBid: number; currentBid: number | null }): number {
  return auction.currentBid === null
    ? auction.startingBid
    : Math.min(auction.currentBid + bidIncrement(auction.currentBid), MAX_FILS);
}

/** The bid stands at the price cap: nobody can bid higher, and the bid form says so instead of asking. */
export const bidCapReached = (currentBid: number | null): boolean => currentBid !== null && currentBid >= MAX_FILS;

/** Quick-bid buttons: the minimum, then one and three steps above it, none past the price cap. */
export function quickBids(minimum: number): number[] {
  const one = minimum + bidIncrement(minimum);
  return [...new Set([minimum, one, one + 2 * bidIncrement(one)].map((amount) => Math.min(amount, MAX_FILS)))];
}

/** "1 bid", "1,204 bids": on cards, the auction page and the seller's notifications. */
export const bidsLabel = (n: number) => `${groupThousands(String(n))} ${n === 1 ? 'bid' : 'bids'}`;

export const CLOSING_STYLES = {
  soft: 'Soft close',
  sudden: 'Sudden death',
} as const;
export type ClosingStyle = keyof typeof CLOSING_STYLES;

/** Soft close: a bid in the last two minutes moves the end to two minutes after that bid (as Whatnot does). */
export const SOFT_CLOSE_MS = 2 * 60_000;

export const AUCTION_DURATIONS = {
  '5m': { label: '5 minutes', ms: 5 * 60_000 },
  '15m': { label: '15 minutes', ms: 15 * 60_000 },
  '1h': { label: '1 hour', ms: 3600_000 },
  '6h': { label: '6 hours', ms: 6 * 3600_000 },
  '1d': { label: '1 day', ms: 86_400_000 },
  '3d': { label: '3 days', ms: 3 * 86_400_000 },
  '7d': { label: '7 days', ms: 7 * 86_400_000 },
} as const;
export type AuctionDuration = keyof typeof AUCTION_DURATIONS;

/** A chosen end date must be at least this far away, and at most this far. */
export const MIN_AUCTION_MS = 60_000;
export const MAX_AUCTION_MS = 30 * 86_400_000;

/** 'pending': a show's lot waiting on the run sheet; it opens when the host runs it. */
export const AUCTION_STATUSES = ['pending', 'open', 'sold', 'unsold', 'cancelled'] as const;
export type AuctionStatus = (typeof AUCTION_STATUSES)[number];

export const AUCTION_SORTS = {
  ending: 'Ending soonest',
  newest: 'Newly listed',
  'price-asc': 'Price low to high',
  'price-desc': 'Price high to low',
  'title-asc': 'Alphabetical A-Z',
  'title-desc': 'Alphabetical Z-A',
} as const;
export type AuctionSort = keyof typeof AUCTION_SORTS;
export const AUCTION_SORT_KEYS = Object.keys(AUCTION_SORTS) as AuctionSort[];
