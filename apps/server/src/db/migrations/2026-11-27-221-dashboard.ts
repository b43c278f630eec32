import { sql, type Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * The seller's dashboard (issue 32, ADR 0043): what its charts read by index, and the one figure
 * nothing kept before.
 *
 * - `product_view_days.seller_id`: the product's owner, written with the counter, so "best products
 *   by views" reads one seller's last 30 days from an index (seller, day) instead of joining every
 *   one of their products' counters. Existing counters are filled from their products.
 * - `streams.peak_viewers`: the most people in a show's room at once, raised as counts go out.
 * - Indexes for the seller's figures: products by likes and by units sold, auctions by status and
 *   close, orders by show (a show's takings).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('product_view_days').addColumn('seller_id', 'varchar(36)').execute();
  await sql`update product_view_days set seller_id = (select owner_id from products where products.id = product_view_days.product_id)`.execute(
    db,
  );
  await db.schema
    .createIndex('product_view_days_seller')
    .on('product_view_days')
    .columns(['seller_id', 'day', 'product_id', 'views'])
    .execute();

  await db.schema
    .alterTable('streams')
    .addColumn('peak_viewers', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.createIndex('products_owner_likes').on('products').columns(['owner_id', 'like_count']).execute();
  await db.schema.createIndex('products_owner_sold').on('products').columns(['owner_id', 'sold_count']).execute();
  await db.schema
    .createIndex('auctions_seller_closed')
    .on('auctions')
    .columns(['seller_id', 'status', 'closed_at'])
    .execute();
  await db.schema.createIndex('orders_stream').on('orders').column('stream_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_stream').execute();
  await db.schema.dropIndex('auctions_seller_closed').execute();
  await db.schema.dropIndex('products_owner_sold').execute();
  await db.schema.dropIndex('products_owner_likes').execute();
  await db.schema.alterTable('streams').dropColumn('peak_viewers').execute();
  await db.schema.dropIndex('product_view_days_seller').execute();
  await db.schema.alterTable('product_view_days').dropColumn('seller_id').execute();
}
