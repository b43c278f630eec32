import type { Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Until when unpaid-win strikes suspend a person's bidding (issue 31, ADR 0037), kept on their
 * row as staff's suspension is: every bid already has the session's user row, so the bid gate
 * reads no table (issue 28: the bid route's CPU). The strikes stay the record; this is what they
 * add up to, written with each strike and worked out again by a job.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('bidding_suspended_until', 'varchar(32)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('bidding_suspended_until').execute();
}
