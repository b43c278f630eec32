/** The saved-searches module's tables (ADR 0051): its row types, merged into the `DB` of `db/schema.ts`. */

/** A person's saved search (issue 32, ADR 0040); `search_key` keeps the same search to one row. */
export interface SavedSearchesTable {
  id: string;
  user_id: string;
  text: string;
  category: string | null;
  /** Fils. */
  max_price: number | null;
  /** 1 or 0. */
  auctions_only: number;
  /** How many distinct folded words `saved_search_words` holds for it. */
  word_count: number;
  search_key: string;
  created_at: string;
}

export interface SavedSearchWordsTable {
  word: string;
  search_id: string;
  /** The search's `word_count`, copied so the lookup by words needs no join. */
  word_count: number;
}

/** One new listing that matched one person's searches: rung on the bell, then mailed in a digest. */
export interface SavedSearchHitsTable {
  id: string;
  user_id: string;
  /** 'product', 'auction' or 'show'. */
  listing_kind: string;
  listing_id: string;
  title: string;
  link: string;
  created_at: string;
  mailed_at: string | null;
}

export interface SavedSearchDigestsTable {
  user_id: string;
  sent_at: string;
}

// Merged into db/schema.ts's `DB` (ADR 0051). The interfaces are named through this file: inside the
// block a bare name finds db/schema.ts's exports first, and its `UsersTable` is `DB['users']` itself.
declare module '../../db/schema.js' {
  interface DB {
    saved_searches: import('./tables.js').SavedSearchesTable;
    saved_search_words: import('./tables.js').SavedSearchWordsTable;
    saved_search_hits: import('./tables.js').SavedSearchHitsTable;
    saved_search_digests: import('./tables.js').SavedSearchDigestsTable;
  }
}
