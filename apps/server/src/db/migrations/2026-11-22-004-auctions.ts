import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Timed auctions, their bids and proxy maximums, the notifications they send, and what makes
 * a retried request safe (idempotency keys) and mail polite (a throttle per topic).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = !(db.getExecutor().adapter instanceof SqliteAdapter);
  const money = postgres ? 'bigint' : 'integer';

  await db.schema
    .createTable('auctions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    // The product may be deleted once the auction is over; the auction keeps what was sold.
    .addColumn('product_id', 'varchar(36)', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('seller_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // What bidders bid on, as it was when the auction started.
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('title_key', 'varchar(400)', (c) => c.notNull())
    .addColumn('category', 'varchar(30)', (c) => c.notNull())
    .addColumn('images', 'text', (c) => c.notNull())
    .addColumn('starting_bid', money, (c) => c.notNull())
    .addColumn('reserve_price', money)
    .addColumn('current_bid', money)
    // current_bid, or the starting bid before any: what "sort by price" orders by, on an index.
    .addColumn('sort_price', money, (c) => c.notNull())
    .addColumn('leader_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    // The leader's maximum, beside the price it guards: a bid reads one row. Never shown to anyone else.
    .addColumn('leader_max', money)
    .addColumn('bid_count', 'integer', (c) => c.notNull().defaultTo(0))
    // Every change (bid, extension, close) takes the next number; clients detect gaps with it.
    .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('closing_style', 'varchar(10)', (c) => c.notNull())
    .addColumn('starts_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('ends_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('winner_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('closed_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  // The list's sorts over open auctions, with and without a category; id breaks ties for keyset paging.
  for (const column of ['ends_at', 'created_at', 'sort_price', 'title_key']) {
    await db.schema.createIndex(`auctions_open_${column}`).on('auctions').columns(['status', column, 'id']).execute();
    await db.schema
      .createIndex(`auctions_open_category_${column}`)
      .on('auctions')
      .columns(['status', 'category', column, 'id'])
      .execute();
  }
  await db.schema.createIndex('auctions_seller').on('auctions').columns(['seller_id', 'created_at']).execute();
  await db.schema.createIndex('auctions_product').on('auctions').column('product_id').execute();

  await db.schema
    .createTable('bids')
    .addColumn('auction_id', 'varchar(36)', (c) => c.notNull().references('auctions.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('bidder_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('amount', money, (c) => c.notNull())
    // 1 when the server placed it from the bidder's maximum.
    .addColumn('auto', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('bids_pk', ['auction_id', 'seq'])
    .execute();
  await db.schema.createIndex('bids_bidder').on('bids').columns(['bidder_id', 'auction_id']).execute();

  await db.schema
    .createTable('auction_max_bids')
    .addColumn('auction_id', 'varchar(36)', (c) => c.notNull().references('auctions.id').onDelete('cascade'))
    .addColumn('bidder_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('max_amount', money, (c) => c.notNull())
    // The auction's seq when this maximum was set: of two equal maximums, the earlier wins.
    .addColumn('placed_seq', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('auction_max_bids_pk', ['auction_id', 'bidder_id'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scope', 'varchar(80)', (c) => c.notNull())
    .addColumn('key', 'varchar(64)', (c) => c.notNull())
    .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'scope', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    // What the notification is about (an auction id): repeated unread news about it is merged into one.
    .addColumn('subject', 'varchar(36)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'varchar(500)', (c) => c.notNull())
    .addColumn('link', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('read_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('notifications_user_time')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();
  // One unread notification per person, kind and subject: news about it updates that one.
  await db.schema
    .createIndex('notifications_unread_subject')
    .on('notifications')
    .columns(['user_id', 'kind', 'subject'])
    .unique()
    .where(sql.ref('read_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('mail_throttle')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('topic', 'varchar(80)', (c) => c.notNull())
    .addColumn('last_sent_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_throttle_pk', ['user_id', 'topic'])
    .execute();

  // An auction's order: the winner's, created by the close; the unique index makes it one at most.
  await db.schema.alterTable('orders').addColumn('auction_id', 'varchar(36)').execute();
  await db.schema.createIndex('orders_auction_unique').on('orders').column('auction_id').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_auction_unique').execute();
  await db.schema.alterTable('orders').dropColumn('auction_id').execute();
  for (const table of ['mail_throttle', 'notifications', 'idempotency_keys', 'auction_max_bids', 'bids', 'auctions']) {
    await db.schema.dropTable(table).execute();
  }
}
