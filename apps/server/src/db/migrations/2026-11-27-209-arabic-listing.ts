import type { Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * A seller may give a product an Arabic title and description beside its own (issue 29); a
 * shopper reading Arabic sees them where they exist. Null: none given. Search already covers them
 * through search_text, which the app rewrites from every title on each save; existing rows have
 * none, so nothing is rewritten here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('products').addColumn('title_ar', 'text').execute();
  await db.schema.alterTable('products').addColumn('description_ar', 'text').execute();
}
