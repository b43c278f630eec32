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
}

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
    stream_reminders: import('./tables.js').StreamRemindersTable;
    host_moderators: import('./tables.js').HostModeratorsTable;
    stream_mutes: import('./tables.js').StreamMutesTable;
    lot_clips: import('./tables.js').LotClipsTable;
  }
}
