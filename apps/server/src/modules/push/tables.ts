/** The push module's tables (ADR 0051): its row types, merged into the `DB` of `db/schema.ts`. */

/** One device's subscription (issue 48), owned by the sign-in that made it. */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  session_id_hash: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

/** A message waiting for its push service: sent at `due_at`, tried again later when it fails. */
export interface PushOutboxTable {
  id: string;
  subscription_id: string;
  /** The JSON the service worker shows (PushPayload), encrypted only as it is sent. */
  payload: string;
  urgency: string;
  attempts: number;
  due_at: string;
  created_at: string;
}

// Merged into db/schema.ts's `DB` (ADR 0051). The interfaces are named through this file: inside the
// block a bare name finds db/schema.ts's exports first.
declare module '../../db/schema.js' {
  interface DB {
    push_subscriptions: import('./tables.js').PushSubscriptionsTable;
    push_outbox: import('./tables.js').PushOutboxTable;
  }
}
