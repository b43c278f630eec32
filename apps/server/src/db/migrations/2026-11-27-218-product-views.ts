import type { Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Product page views (issue 32, ADR 0041): one per person per product per Gulf day. `product_views`
 * holds who has been counted (its primary key is the dedup: a second view that day inserts nothing);
 * `product_view_days` holds the count per product per day, which a dashboard sums over a range
 * without reading the viewers. A viewer is `u:<user id>` or `v:<hash of the visitor cookie>`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('product_views')
    .addColumn('product_id', 'varchar(36)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('viewer', 'varchar(80)', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_views_pk', ['product_id', 'day', 'viewer'])
    .execute();
  // Old days are swept by day; the primary key starts with the product.
  await db.schema.createIndex('product_views_day').on('product_views').column('day').execute();

  await db.schema
    .createTable('product_view_days')
    .addColumn('product_id', 'varchar(36)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('product_view_days_pk', ['product_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_view_days').execute();
  await db.schema.dropTable('product_views').execute();
}
