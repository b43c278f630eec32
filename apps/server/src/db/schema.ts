import type { Generated, Insertable, Selectable } from 'kysely';

/**
 * Table types as Kysely sees them. Timestamps are ISO-8601 UTC strings in both dialects
 * (docs/decisions/0002-portable-sql.md); money is integer fils.
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  username: string;
  display_name: string | null;
  phone: string | null;
  profile_pic: string;
  bio: string;
  contact_email: string | null;
  posts_count: Generated<number>;
  followers_count: Generated<number>;
  following_count: Generated<number>;
  google_sub: string | null;
  email_verified_at: string | null;
  created_at: string;
}

export interface SessionsTable {
  id_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  user_agent: string | null;
}

export type EmailTokenPurpose = 'verify' | 'reset';

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

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  email_tokens: EmailTokensTable;
  oidc_states: OidcStatesTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
