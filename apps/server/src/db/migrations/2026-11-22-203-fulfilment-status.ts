import type { Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Each seller's part of an order moves on its own (one order may hold several sellers' items):
 * placed → confirmed → shipped → delivered, or cancelled before it ships. Existing lines start
 * as placed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('order_lines')
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('placed'))
    .execute();
  await db.schema.alterTable('order_lines').addColumn('status_at', 'varchar(30)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_lines').dropColumn('status_at').execute();
  await db.schema.alterTable('order_lines').dropColumn('status').execute();
}
