import type { Generated } from 'kysely';

/** The auctions module's tables (ADR 0051): its row types, merged into the `DB` of `db/schema.ts`. */

/** 'pending': a show's lot waiting on the run sheet (issue 30); it opens when the host runs it. */
export type AuctionStatusValue = 'pending' | 'open' | 'sold' | 'unsold' | 'cancelled';

export interface AuctionsTable {
  id: string;
  product_id: string | null;
  seller_id: string;
  title: string;
  title_key: string;
  category: string;
  /** JSON array of storage keys, copied from the product when the auction started. */
  images: string;
  starting_bid: number;
  reserve_price: number | null;
  current_bid: number | null;
  sort_price: number;
  leader_id: string | null;
  leader_max: number | null;
  bid_count: Generated<number>;
  seq: Generated<number>;
  closing_style: 'soft' | 'sudden';
  starts_at: string;
  ends_at: string;
  status: AuctionStatusValue;
  winner_id: string | null;
  closed_at: string | null;
  created_at: string;
  /** 'live' when a stream sells it through its chat. */
  kind: Generated<'timed' | 'live'>;
  stream_id: string | null;
  /** A show's lot: its place on the run sheet and its timer in seconds; null for other auctions. */
  lot_position: Generated<number | null>;
  lot_seconds: Generated<number | null>;
  /** Hidden by staff (issue 31): gone from the lists and the feed; its seller still reads it, with the reason. */
  hidden_at: Generated<string | null>;
  hidden_reason: Generated<string | null>;
  /** 1 for a rehearsal's lot (issue 47): its bids and close ring no bell, make no order, count in no figure. */
  rehearsal: Generated<number>;
}

export interface BidsTable {
  auction_id: string;
  seq: number;
  bidder_id: string;
  amount: number;
  auto: number;
  created_at: string;
}

export interface AuctionMaxBidsTable {
  auction_id: string;
  bidder_id: string;
  max_amount: number;
  placed_seq: number;
}

/** An unpaid-item strike (issue 31): one per won order cancelled for want of an address. */
export interface UnpaidStrikesTable {
  id: string;
  user_id: string;
  order_id: string;
  title: string;
  created_at: string;
}

/** A seller's one second-chance offer on an auction whose winner did not pay (issue 31). */
export interface SecondChanceOffersTable {
  id: string;
  auction_id: string;
  seller_id: string;
  bidder_id: string;
  amount: number;
  status: 'open' | 'accepted' | 'declined' | 'expired';
  expires_at: string;
  created_at: string;
  decided_at: string | null;
  order_id: string | null;
}

// Merged into db/schema.ts's `DB` (ADR 0051). The interfaces are named through this file: inside the
// block a bare name finds db/schema.ts's exports first, and its `UsersTable` is `DB['users']` itself.
declare module '../../db/schema.js' {
  interface DB {
    auctions: import('./tables.js').AuctionsTable;
    bids: import('./tables.js').BidsTable;
    auction_max_bids: import('./tables.js').AuctionMaxBidsTable;
    unpaid_strikes: import('./tables.js').UnpaidStrikesTable;
    second_chance_offers: import('./tables.js').SecondChanceOffersTable;
  }
}
