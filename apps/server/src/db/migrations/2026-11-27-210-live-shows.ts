import { sql, type Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Live shows (issue 30). A stream runs a show: a run sheet of lots, each an auction of its own
 * (kind 'live', the stream's id), in `lot_position` order, waiting as status 'pending' until the
 * host runs it for `lot_seconds`. `streams.auction_id` is now the lot on screen. A show may be
 * scheduled (status 'scheduled', `scheduled_for`), viewers ask to be reminded, and leave pre-bids
 * (maxima placed as proxy bids when the lot runs). Buy It Now pins a product with a stock the
 * server counts down. One buyer's wins and purchases in one show gather in one order while it
 * waits for their address. Hosts name moderators (for all their shows), who mute viewers; the
 * host's muted words hide chat lines from everyone but their sender. A sold lot keeps a clip.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('auctions').addColumn('lot_position', 'integer').execute();
  await db.schema.alterTable('auctions').addColumn('lot_seconds', 'integer').execute();
  await db.schema.createIndex('auctions_lots').on('auctions').columns(['stream_id', 'lot_position']).execute();

  await db.schema.alterTable('streams').addColumn('scheduled_for', 'varchar(30)').execute();
  await db.schema
    .alterTable('streams')
    .addColumn('muted_words', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('streams_upcoming').on('streams').columns(['status', 'scheduled_for']).execute();

  await db.schema
    .alterTable('stream_messages')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('stream_messages').addColumn('lot_title', 'varchar(200)').execute();

  await db.schema
    .createTable('lot_prebids')
    .addColumn('auction_id', 'varchar(36)', (c) => c.notNull().references('auctions.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('max_amount', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('lot_prebids_pk', ['auction_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('stream_pins')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('stream_id', 'varchar(36)', (c) => c.notNull().references('streams.id').onDelete('cascade'))
    .addColumn('product_id', 'varchar(36)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('price', 'bigint', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) => c.notNull())
    .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('removed_at', 'varchar(30)')
    .execute();
  // One pin per product per show at a time.
  await sql`create unique index stream_pins_one on stream_pins (stream_id, product_id) where removed_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('stream_reminders')
    .addColumn('stream_id', 'varchar(36)', (c) => c.notNull().references('streams.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('stream_reminders_pk', ['stream_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('host_moderators')
    .addColumn('host_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('host_moderators_pk', ['host_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('stream_mutes')
    .addColumn('stream_id', 'varchar(36)', (c) => c.notNull().references('streams.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('until', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('stream_mutes_pk', ['stream_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('lot_clips')
    .addColumn('auction_id', 'varchar(36)', (c) => c.primaryKey().references('auctions.id').onDelete('cascade'))
    .addColumn('stream_id', 'varchar(36)', (c) => c.notNull().references('streams.id').onDelete('cascade'))
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('mime_type', 'varchar(60)', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('orders').addColumn('stream_id', 'varchar(36)').execute();
  // One order per buyer per show gathers lines while it waits for the address.
  await sql`create unique index orders_open_show on orders (buyer_id, stream_id) where stream_id is not null and status = 'awaiting_address'`.execute(
    db,
  );
  await db.schema.alterTable('order_lines').addColumn('auction_id', 'varchar(36)').execute();
  await db.schema.createIndex('order_lines_auction').on('order_lines').column('auction_id').execute();
  // Lines of existing auction orders name their auction, as lines won in shows will.
  await sql`update order_lines set auction_id = (select o.auction_id from orders o where o.id = order_lines.order_id) where exists (select 1 from orders o where o.id = order_lines.order_id and o.auction_id is not null)`.execute(
    db,
  );
}
