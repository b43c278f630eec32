import type { Insertable, Selectable } from 'kysely';

/**
 * Table types as Kysely sees them. Timestamps are ISO-8601 UTC strings in both dialects
 * (docs/decisions/0002-portable-sql.md); money is integer fils.
 *
 * `DB` lists here only the tables no module owns. Each module declares its own tables' row types in
 * `modules/<name>/tables.ts` and merges them into `DB` by declaration merging (ADR 0051), so the
 * tables of a module live in its folder and this file never imports a module.
 */
export interface DB {
  idempotency_keys: IdempotencyKeysTable;
  mail_throttle: MailThrottleTable;
  backup_schedule: BackupScheduleTable;
}

export interface IdempotencyKeysTable {
  user_id: string;
  scope: string;
  key: string;
  request_hash: string;
  response: string;
  created_at: string;
}

export interface MailThrottleTable {
  user_id: string;
  topic: string;
  last_sent_at: string;
}

/** Scheduled backups (backup/schedule.ts): who holds the next one, and when the last one succeeded. */
export interface BackupScheduleTable {
  name: string;
  created_at: string;
  /** Until when an instance holds the run (or, after a failure, when the next try may begin). */
  claimed_until: string | null;
  last_success_at: string | null;
  last_backup: string | null;
}

// The names imported across the server, read through the merged `DB`: the row types themselves
// live in their modules' tables.ts.
export type UsersTable = DB['users'];
export type UserRow = Selectable<DB['users']>;
export type NewUser = Insertable<DB['users']>;
export type EmailTokenPurpose = DB['email_tokens']['purpose'];
export type ProductsTable = DB['products'];
export type ProductRow = Selectable<DB['products']>;
export type ProductCondition = DB['products']['condition'];
export type OrdersTable = DB['orders'];
export type OrderLinesTable = DB['order_lines'];
export type AuctionsTable = DB['auctions'];
export type AuctionStatusValue = DB['auctions']['status'];
export type BidsTable = DB['bids'];
export type UnpaidStrikesTable = DB['unpaid_strikes'];
export type StreamsTable = DB['streams'];
