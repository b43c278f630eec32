import type { Generated } from 'kysely';

/** The accounts module's tables (ADR 0051): its row types, merged into the `DB` of `db/schema.ts`. */

export type EmailTokenPurpose = 'verify' | 'reset';

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  username: string;
  display_name: string | null;
  phone: string | null;
  /** The uploaded picture's image key (`avatars/<uuid>`); null shows the default avatar. */
  avatar_key: string | null;
  bio: string;
  contact_email: string | null;
  posts_count: Generated<number>;
  followers_count: Generated<number>;
  following_count: Generated<number>;
  google_sub: string | null;
  email_verified_at: string | null;
  created_at: string;
  /** 'en' or 'ar' (issue 29): the language of this person's mail and notifications; null until chosen (English). */
  locale: string | null;
  /** 1 for Souq's staff (issue 31): set only by `npm run staff:grant`, never from the web. */
  staff: Generated<number>;
  /** Suspended by staff until this time (issue 31): no selling, bidding or chatting; null: not suspended. */
  suspended_until: Generated<string | null>;
  suspended_reason: Generated<string | null>;
  /** Until when unpaid-win strikes suspend this person's bidding (ADR 0037); null: they don't. */
  bidding_suspended_until: Generated<string | null>;
  /** When the person's account was erased (issue 45, ADR 0046): the row stays for the records that name it, with nothing that identifies them. */
  erased_at: Generated<string | null>;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  user_agent: string | null;
}

export interface EmailTokensTable {
  token_hash: string;
  user_id: string;
  purpose: EmailTokenPurpose;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface OidcStatesTable {
  state_hash: string;
  nonce: string;
  code_verifier: string;
  expires_at: string;
}

/** One thing a staff member did (issue 31): appended, never changed. */
export interface StaffActionsTable {
  id: string;
  staff_id: string;
  /** What was done: 'hide_listing', 'suspend_account', 'decide_dispute', … */
  action: string;
  /** What it was done to: 'product', 'auction', 'user', 'review', 'message', 'report', 'dispute', … */
  target_kind: string;
  target_id: string;
  reason: string;
  created_at: string;
}

// Merged into db/schema.ts's `DB` (ADR 0051). The interfaces are named through this file: inside the
// block a bare name finds db/schema.ts's exports first, and its `UsersTable` is `DB['users']` itself.
declare module '../../db/schema.js' {
  interface DB {
    users: import('./tables.js').UsersTable;
    sessions: import('./tables.js').SessionsTable;
    email_tokens: import('./tables.js').EmailTokensTable;
    oidc_states: import('./tables.js').OidcStatesTable;
    staff_actions: import('./tables.js').StaffActionsTable;
  }
}
