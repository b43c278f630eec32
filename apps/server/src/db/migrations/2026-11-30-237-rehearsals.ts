import type { Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Rehearsals (issue 47): a private show whose lots simulated bidders bid on at the pace the host
 * chose, and whose lots are marked, so their bids and closes ring no bell, make no order and
 * count in no figure.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // 'calm', 'lively' or 'frenzy' for a rehearsal; null for a show people can watch.
  await db.schema.alterTable('streams').addColumn('rehearsal_pace', 'varchar(10)').execute();
  await db.schema
    .alterTable('auctions')
    .addColumn('rehearsal', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auctions').dropColumn('rehearsal').execute();
  await db.schema.alterTable('streams').dropColumn('rehearsal_pace').execute();
}
