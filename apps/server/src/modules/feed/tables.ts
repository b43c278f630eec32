/** The feed module's tables (ADR 0051): its row types, merged into the `DB` of `db/schema.ts`. */

export interface ItemOpensTable {
  user_id: string;
  item_kind: 'product' | 'auction';
  item_id: string;
  seller_id: string;
  category: string;
  created_at: string;
}

export interface FeedHiddenTable {
  user_id: string;
  item_id: string;
  seller_id: string;
  category: string;
  created_at: string;
}

export interface FeedSessionsTable {
  id: string;
  user_id: string | null;
  items: string;
  created_at: string;
}

// Merged into db/schema.ts's `DB` (ADR 0051). The interfaces are named through this file: inside the
// block a bare name finds db/schema.ts's exports first, and its `UsersTable` is `DB['users']` itself.
declare module '../../db/schema.js' {
  interface DB {
    item_opens: import('./tables.js').ItemOpensTable;
    feed_hidden: import('./tables.js').FeedHiddenTable;
    feed_sessions: import('./tables.js').FeedSessionsTable;
  }
}
