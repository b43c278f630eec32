import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * A show's promotions (issue 47): a pinned item can be a flash sale (a lower price until a time,
 * a limit per buyer, counted in its own table), and the host can run giveaways whose entries and
 * seeded draw are kept, so staff can replay the draw.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = !(db.getExecutor().adapter instanceof SqliteAdapter);

  await db.schema.alterTable('stream_pins').addColumn('flash_ends_at', 'varchar(32)').execute();
  await db.schema.alterTable('stream_pins').addColumn('per_buyer', 'integer').execute();
  await db.schema.alterTable('stream_pins').addColumn('list_price', 'bigint').execute();

  await db.schema
    .createTable('stream_pin_buyers')
    .addColumn('pin_id', 'varchar(36)', (c) => c.notNull().references('stream_pins.id').onDelete('cascade'))
    .addColumn('buyer_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('units', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('stream_pin_buyers_pk', ['pin_id', 'buyer_id'])
    .execute();

  await db.schema
    .createTable('stream_giveaways')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('stream_id', 'varchar(36)', (c) => c.notNull().references('streams.id').onDelete('cascade'))
    .addColumn('product_id', 'varchar(36)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    // 'everyone', 'followers' or 'buyers' (who bought in this show).
    .addColumn('eligibility', 'varchar(20)', (c) => c.notNull())
    .addColumn('delivery_fee', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('ends_at', 'varchar(32)', (c) => c.notNull())
    // 'open', then 'drawn' (a winner) or 'no_entries'.
    .addColumn('status', 'varchar(20)', (c) => c.notNull().defaultTo('open'))
    .addColumn('seed', 'varchar(64)')
    .addColumn('entries_hash', 'varchar(64)')
    .addColumn('entry_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('winner_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('order_id', 'varchar(36)')
    .addColumn('drawn_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('stream_giveaways_stream')
    .on('stream_giveaways')
    .columns(['stream_id', 'created_at'])
    .execute();
  await db.schema.createIndex('stream_giveaways_due').on('stream_giveaways').columns(['status', 'ends_at']).execute();

  await db.schema
    .createTable('giveaway_entries')
    .addColumn('giveaway_id', 'varchar(36)', (c) => c.notNull().references('stream_giveaways.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('giveaway_entries_pk', ['giveaway_id', 'user_id'])
    .execute();

  // PostgreSQL: new tables tell every instance of their commits, as the others do (migration 232, ADR 0050).
  if (postgres)
    for (const table of ['stream_pin_buyers', 'stream_giveaways', 'giveaway_entries']) {
      await sql`create trigger souq_row_changed after insert or update or delete on ${sql.table(table)}
        for each row execute function souq_data_changed()`.execute(db);
      await sql`create trigger souq_table_truncated after truncate on ${sql.table(table)}
        for each statement execute function souq_data_changed()`.execute(db);
    }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('giveaway_entries').execute();
  await db.schema.dropTable('stream_giveaways').execute();
  await db.schema.dropTable('stream_pin_buyers').execute();
  for (const column of ['flash_ends_at', 'per_buyer', 'list_price'])
    await db.schema.alterTable('stream_pins').dropColumn(column).execute();
}
