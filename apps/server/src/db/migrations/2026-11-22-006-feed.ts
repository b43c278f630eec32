import type { Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/** The For You feed's own signals (opens, "Not interested") and its sessions' fixed orders. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('item_opens')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('item_id', 'varchar(36)', (c) => c.notNull())
    // Copied at the open, so a person's taste is read from this table alone.
    .addColumn('seller_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('category', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('item_opens_user').on('item_opens').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('feed_hidden')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('seller_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('category', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('feed_hidden_pk', ['user_id', 'item_id'])
    .execute();

  await db.schema
    .createTable('feed_sessions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id').onDelete('cascade'))
    // The session's items in order, as a JSON array of "p:<id>" and "a:<id>".
    .addColumn('items', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('feed_sessions_created').on('feed_sessions').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['feed_sessions', 'feed_hidden', 'item_opens']) await db.schema.dropTable(table).execute();
}
