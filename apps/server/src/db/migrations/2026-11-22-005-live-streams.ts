import { SqliteAdapter, type Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Live video auctions. A stream sells one product through an auction of its own (kind 'live'),
 * so chat bids go through the same bid engine, close and order as timed auctions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = !(db.getExecutor().adapter instanceof SqliteAdapter);
  await db.schema
    .alterTable('auctions')
    .addColumn('kind', 'varchar(10)', (c) => c.notNull().defaultTo('timed'))
    .execute();
  await db.schema.alterTable('auctions').addColumn('stream_id', 'varchar(36)').execute();

  await db.schema
    .createTable('streams')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('host_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('cover_key', 'varchar(200)')
    .addColumn('auction_id', 'varchar(36)', (c) => c.notNull().unique().references('auctions.id').onDelete('cascade'))
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('ends_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('ended_at', 'varchar(30)')
    .addColumn('end_reason', 'varchar(10)')
    // The host page reports in every few seconds; a stream whose host has been gone past the grace period ends.
    .addColumn('host_seen_at', 'varchar(30)', (c) => c.notNull())
    // The SFU room, when video goes through Janus.
    .addColumn('video_room', 'bigint')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('streams_list').on('streams').columns(['status', 'created_at', 'id']).execute();
  await db.schema.createIndex('streams_host').on('streams').columns(['host_id', 'status']).execute();

  await db.schema
    .createTable('stream_messages')
    // The order messages were posted in, even within one millisecond (SQLite's rowid; a PostgreSQL sequence).
    .addColumn('seq', postgres ? 'bigserial' : 'integer', (c) => c.primaryKey())
    .addColumn('id', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('stream_id', 'varchar(36)', (c) => c.notNull().references('streams.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('text', 'varchar(500)', (c) => c.notNull())
    .addColumn('amount', 'bigint')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('deleted_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('stream_messages_recent').on('stream_messages').columns(['stream_id', 'seq']).execute();

  await db.schema
    .createTable('stream_bans')
    .addColumn('stream_id', 'varchar(36)', (c) => c.notNull().references('streams.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('stream_bans_pk', ['stream_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['stream_bans', 'stream_messages', 'streams']) await db.schema.dropTable(table).execute();
  await db.schema.alterTable('auctions').dropColumn('stream_id').execute();
  await db.schema.alterTable('auctions').dropColumn('kind').execute();
}
