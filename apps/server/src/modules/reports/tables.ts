import type { Generated } from 'kysely';

/** The reports module's tables (ADR 0051): its row types, merged into the `DB` of `db/schema.ts`. */

/** One person's report of one thing (issue 31); resolved, with every other open report on the thing, when staff act. */
export interface ReportsTable {
  id: string;
  reporter_id: string;
  /** 'product', 'auction', 'user', 'review' or 'message' (REPORT_TARGETS in @souq/shared). */
  target_kind: string;
  target_id: string;
  reason: string;
  text: Generated<string>;
  created_at: string;
  resolved_at: string | null;
  /** What staff did: 'hidden', 'removed', 'suspended' or 'dismissed'. */
  resolution: string | null;
  resolved_by: string | null;
}

// Merged into db/schema.ts's `DB` (ADR 0051). The interfaces are named through this file: inside the
// block a bare name finds db/schema.ts's exports first, and its `UsersTable` is `DB['users']` itself.
declare module '../../db/schema.js' {
  interface DB {
    reports: import('./tables.js').ReportsTable;
  }
}
