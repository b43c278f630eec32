/** The aftersale module's tables (ADR 0051): its row types, merged into the `DB` of `db/schema.ts`. */

/** A buyer's rating of a seller, once per order and seller (issue 31). */
export interface SellerRatingsTable {
  id: string;
  order_id: string;
  seller_id: string;
  buyer_id: string;
  stars: number;
  comment: string | null;
  reply: string | null;
  replied_at: string | null;
  created_at: string;
}

/** A problem on a delivered line (issue 31): open → answered → escalated → decided. */
export interface OrderProblemsTable {
  id: string;
  line_id: string;
  order_id: string;
  buyer_id: string;
  seller_id: string;
  kind: string;
  text: string;
  /** Image keys, encoded as products' are. */
  photos: string;
  status: string;
  answer_by: string;
  answer_kind: string | null;
  answer_text: string | null;
  answered_at: string | null;
  escalation_text: string | null;
  escalated_at: string | null;
  decision: string | null;
  decision_reason: string | null;
  decided_by: string | null;
  decided_at: string | null;
  created_at: string;
  /** When the buyer was told the answer time passed unanswered; the job tells once. */
  unanswered_told_at: string | null;
}

// Merged into db/schema.ts's `DB` (ADR 0051). The interfaces are named through this file: inside the
// block a bare name finds db/schema.ts's exports first, and its `UsersTable` is `DB['users']` itself.
declare module '../../db/schema.js' {
  interface DB {
    seller_ratings: import('./tables.js').SellerRatingsTable;
    order_problems: import('./tables.js').OrderProblemsTable;
  }
}
