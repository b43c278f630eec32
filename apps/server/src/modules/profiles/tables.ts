/** The profiles module's tables (ADR 0051): its row types, merged into the `DB` of `db/schema.ts`. */

export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: string;
}

/** A seller's tax details from Settings (issue 32, ADR 0042); `trn` null: not registered for VAT. */
export interface SellerTaxDetailsTable {
  user_id: string;
  legal_name: string;
  address: string;
  trn: string | null;
  updated_at: string;
}

// Merged into db/schema.ts's `DB` (ADR 0051). The interfaces are named through this file: inside the
// block a bare name finds db/schema.ts's exports first, and its `UsersTable` is `DB['users']` itself.
declare module '../../db/schema.js' {
  interface DB {
    follows: import('./tables.js').FollowsTable;
    seller_tax_details: import('./tables.js').SellerTaxDetailsTable;
  }
}
