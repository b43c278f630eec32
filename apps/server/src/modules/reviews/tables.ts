/** The reviews module's tables (ADR 0051): its row types, merged into the `DB` of `db/schema.ts`. */

export interface ReviewsTable {
  id: string;
  product_id: string;
  user_id: string;
  text: string;
  rating: number;
  created_at: string;
}

// Merged into db/schema.ts's `DB` (ADR 0051). The interfaces are named through this file: inside the
// block a bare name finds db/schema.ts's exports first, and its `UsersTable` is `DB['users']` itself.
declare module '../../db/schema.js' {
  interface DB {
    reviews: import('./tables.js').ReviewsTable;
  }
}
