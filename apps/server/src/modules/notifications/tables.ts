/** The notifications module's tables (ADR 0051): its row types, merged into the `DB` of `db/schema.ts`. */

export interface NotificationsTable {
  id: string;
  user_id: string;
  kind: string;
  subject: string;
  title: string;
  body: string;
  link: string;
  created_at: string;
  read_at: string | null;
}

/** A kind of news a person switched off on one channel (issue 48): no row, it is on. */
export interface NotificationMutesTable {
  user_id: string;
  kind: string;
  channel: string;
}

// Merged into db/schema.ts's `DB` (ADR 0051). The interfaces are named through this file: inside the
// block a bare name finds db/schema.ts's exports first, and its `UsersTable` is `DB['users']` itself.
declare module '../../db/schema.js' {
  interface DB {
    notifications: import('./tables.js').NotificationsTable;
    notification_mutes: import('./tables.js').NotificationMutesTable;
  }
}
