/** The privacy module's tables (ADR 0051): its row types, merged into the `DB` of `db/schema.ts`. */

/** A person's data export (issue 45, ADR 0046): built by a job, a private ZIP its owner downloads until `expires_at`. */
export interface DataExportsTable {
  id: string;
  user_id: string;
  requested_by: string;
  status: 'pending' | 'ready' | 'failed';
  storage_key: string | null;
  bytes: number | null;
  created_at: string;
  claimed_at: string | null;
  ready_at: string | null;
  expires_at: string | null;
}

// Merged into db/schema.ts's `DB` (ADR 0051). The interfaces are named through this file: inside the
// block a bare name finds db/schema.ts's exports first, and its `UsersTable` is `DB['users']` itself.
declare module '../../db/schema.js' {
  interface DB {
    data_exports: import('./tables.js').DataExportsTable;
  }
}
