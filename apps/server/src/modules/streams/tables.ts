import type { Generated } from 'kysely';

/** The streams module's tables (ADR 0051): its row types, merged into the `DB` of `db/schema.ts`. */

export interface StreamsTable {
  id: string;
  host_id: string;
  title: string;
  cover_key: string | null;
  auction_id: string;
  status: 'scheduled' | 'live' | 'ended';
  /** A scheduled show's planned start; started_at and ends_at move to the real start when it goes live. */
  scheduled_for: Generated<string | null>;
  /** JSON array of the host's muted words. */
  muted_words: Generated<string>;
  started_at: string;
  ends_at: string;
  ended_at: string | null;
  end_reason: 'host' | 'timer' | 'abandoned' | null;
  host_seen_at: string;
  video_room: number | null;
  /** The most sockets in the show's room at once (what the viewer count showed), for the dashboard. */
  peak_viewers: Generated<number>;
  created_at: string;
  /** A rehearsal (issue 47): only the host and their moderators see it; simulated bidders bid at this pace. */
  rehearsal_pace: Generated<RehearsalPace | null>;
}

export type RehearsalPace = 'calm' | 'lively' | 'frenzy';

export interface StreamMessagesTable {
  seq: Generated<number>;
  id: string;
  stream_id: string;
  user_id: string;
  kind: 'chat' | 'bid' | 'sold' | 'passed';
  text: string;
  amount: number | null;
  created_at: string;
  deleted_at: string | null;
  /** 1: it holds a muted word, so only its sender sees it. */
  hidden: Generated<number>;
  /** For a lot's 'sold'/'passed' line: the lot's title. */
  lot_title: Generated<string | null>;
}

export interface StreamBansTable {
  stream_id: string;
  user_id: string;
  created_at: string;
}

export interface LotPrebidsTable {
  auction_id: string;
  user_id: string;
  max_amount: number;
  created_at: string;
}

export interface StreamPinsTable {
  id: string;
  stream_id: string;
  product_id: string;
  price: number;
  stock: number;
  sold: Generated<number>;
  created_at: string;
  removed_at: string | null;
  /** A flash sale (issue 47): the price holds until then, at most `per_buyer` units each; null: plain Buy It Now. */
  flash_ends_at: Generated<string | null>;
  per_buyer: Generated<number | null>;
  /** The shop's price when the flash sale began, shown struck through. */
  list_price: Generated<number | null>;
}

/** Units of a flash sale each buyer took: the per-buyer limit is checked by the same statement that counts. */
export interface StreamPinBuyersTable {
  pin_id: string;
  buyer_id: string;
  units: number;
}

export type GiveawayEligibility = 'everyone' | 'followers' | 'buyers';
export type GiveawayStatus = 'open' | 'drawn' | 'no_entries';

/** A show's giveaway (issue 47): the seed and the entries' hash are kept so the draw can be replayed. */
export interface StreamGiveawaysTable {
  id: string;
  stream_id: string;
  product_id: string;
  eligibility: GiveawayEligibility;
  delivery_fee: Generated<number>;
  created_at: string;
  ends_at: string;
  status: Generated<GiveawayStatus>;
  seed: Generated<string | null>;
  entries_hash: Generated<string | null>;
  entry_count: Generated<number>;
  winner_id: Generated<string | null>;
  order_id: Generated<string | null>;
  drawn_at: Generated<string | null>;
}

/** A whole show's recording (issue 47): its pieces while it runs, then one replay file. */
export interface StreamReplaysTable {
  stream_id: string;
  status: 'recording' | 'ready' | 'empty' | 'deleted';
  /** When the recording began on the server's clock: the chapters count from it. */
  started_at: string;
  storage_key: Generated<string | null>;
  mime_type: Generated<string>;
  bytes: Generated<number>;
  duration_ms: Generated<number>;
  ready_at: Generated<string | null>;
  deleted_at: Generated<string | null>;
}

export interface ReplayPiecesTable {
  stream_id: string;
  seq: number;
  storage_key: string;
  bytes: number;
  /** The recording's length after this piece. */
  end_ms: number;
  created_at: string;
}

export interface GiveawayEntriesTable {
  giveaway_id: string;
  user_id: string;
  created_at: string;
}

export interface StreamRemindersTable {
  stream_id: string;
  user_id: string;
  created_at: string;
}

export interface HostModeratorsTable {
  host_id: string;
  user_id: string;
  created_at: string;
}

export interface StreamMutesTable {
  stream_id: string;
  user_id: string;
  until: string;
}

export interface LotClipsTable {
  auction_id: string;
  stream_id: string;
  storage_key: string;
  mime_type: string;
  bytes: number;
  duration_ms: number;
  created_at: string;
}

// Merged into db/schema.ts's `DB` (ADR 0051). The interfaces are named through this file: inside the
// block a bare name finds db/schema.ts's exports first, and its `UsersTable` is `DB['users']` itself.
declare module '../../db/schema.js' {
  interface DB {
    streams: import('./tables.js').StreamsTable;
    stream_messages: import('./tables.js').StreamMessagesTable;
    stream_bans: import('./tables.js').StreamBansTable;
    lot_prebids: import('./tables.js').LotPrebidsTable;
    stream_pins: import('./tables.js').StreamPinsTable;
    stream_pin_buyers: import('./tables.js').StreamPinBuyersTable;
    stream_giveaways: import('./tables.js').StreamGiveawaysTable;
    giveaway_entries: import('./tables.js').GiveawayEntriesTable;
    stream_replays: import('./tables.js').StreamReplaysTable;
    replay_pieces: import('./tables.js').ReplayPiecesTable;
    stream_reminders: import('./tables.js').StreamRemindersTable;
    host_moderators: import('./tables.js').HostModeratorsTable;
    stream_mutes: import('./tables.js').StreamMutesTable;
    lot_clips: import('./tables.js').LotClipsTable;
  }
}
