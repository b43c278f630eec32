import { SqliteAdapter, sql, type Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Every new For You session reads a person's recent likes and opens, and the newest items of the
 * sellers they like. Read through an index that holds only keys, each row is a lookup of its own
 * in the table, scattered over the disk: 300 likes took 27 ms on PostgreSQL. These indexes hold
 * every column those reads need, so each is one walk over a few index pages (0.2 ms):
 * - each like now carries its product's seller and category (as an open already does); the likes'
 *   and opens' new indexes start with the old ones' columns, which they replace;
 * - a seller's newest shop products and soonest-ending auctions, with what ranking reads.
 *
 * And on PostgreSQL a feed session (one ranking kept for paging) no longer waits for the write-ahead
 * log to reach the disk: the table is unlogged. A crash empties it, which sends those readers back
 * to the first page ("This page of results has expired").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('product_likes')
    .addColumn('seller_id', 'varchar(36)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('product_likes')
    .addColumn('category', 'varchar(30)', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`
    update product_likes set
      seller_id = (select owner_id from products where products.id = product_likes.product_id),
      category = (select category from products where products.id = product_likes.product_id)
  `.execute(db);
  await db.schema
    .createIndex('product_likes_signals')
    .on('product_likes')
    .columns(['user_id', 'created_at', 'seller_id', 'category', 'product_id'])
    .execute();
  await db.schema.dropIndex('product_likes_user').execute();
  await db.schema
    .createIndex('item_opens_signals')
    .on('item_opens')
    .columns(['user_id', 'created_at', 'seller_id', 'category', 'item_id'])
    .execute();
  await db.schema.dropIndex('item_opens_user').execute();
  await db.schema
    .createIndex('products_owner_feed')
    .on('products')
    .columns(['owner_id', 'is_auction', 'created_at', 'id', 'category', 'popularity'])
    .execute();
  if (!(db.getExecutor().adapter instanceof SqliteAdapter))
    await sql`alter table feed_sessions set unlogged`.execute(db);
  await db.schema
    .createIndex('auctions_seller_feed')
    .on('auctions')
    .columns(['seller_id', 'status', 'kind', 'ends_at', 'id', 'category', 'bid_count', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) await sql`alter table feed_sessions set logged`.execute(db);
  await db.schema.dropIndex('auctions_seller_feed').execute();
  await db.schema.dropIndex('products_owner_feed').execute();
  await db.schema.createIndex('item_opens_user').on('item_opens').columns(['user_id', 'created_at']).execute();
  await db.schema.dropIndex('item_opens_signals').execute();
  await db.schema.createIndex('product_likes_user').on('product_likes').columns(['user_id', 'created_at']).execute();
  await db.schema.dropIndex('product_likes_signals').execute();
  await db.schema.alterTable('product_likes').dropColumn('category').execute();
  await db.schema.alterTable('product_likes').dropColumn('seller_id').execute();
}
