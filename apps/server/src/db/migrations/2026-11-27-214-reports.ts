import type { Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Reports and what staff do about them (issue 31, ADR 0039). A report names one thing (a product,
 * an auction, a profile, a review or a chat message) with a reason; one per person per thing, by
 * the unique index. Staff resolve every open report on a thing at once, with a conditional update.
 * Hiding a listing stamps `hidden_at` (and the reason its owner reads) on the product or auction
 * row; suspending an account stamps `suspended_until` and its reason on the user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('reporter_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('reason', 'varchar(32)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('resolved_at', 'varchar(30)')
    .addColumn('resolution', 'varchar(32)')
    .addColumn('resolved_by', 'varchar(36)')
    .execute();
  await db.schema
    .createIndex('reports_one_per_person')
    .on('reports')
    .columns(['reporter_id', 'target_kind', 'target_id'])
    .unique()
    .execute();
  // The open queue, oldest first, and "every open report on this thing".
  await db.schema.createIndex('reports_open').on('reports').columns(['resolved_at', 'created_at']).execute();
  await db.schema.createIndex('reports_target').on('reports').columns(['target_kind', 'target_id']).execute();

  for (const table of ['products', 'auctions']) {
    await db.schema.alterTable(table).addColumn('hidden_at', 'varchar(30)').execute();
    await db.schema.alterTable(table).addColumn('hidden_reason', 'text').execute();
  }
  await db.schema.alterTable('users').addColumn('suspended_until', 'varchar(30)').execute();
  await db.schema.alterTable('users').addColumn('suspended_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('suspended_reason').execute();
  await db.schema.alterTable('users').dropColumn('suspended_until').execute();
  for (const table of ['auctions', 'products']) {
    await db.schema.alterTable(table).dropColumn('hidden_reason').execute();
    await db.schema.alterTable(table).dropColumn('hidden_at').execute();
  }
  await db.schema.dropTable('reports').execute();
}
