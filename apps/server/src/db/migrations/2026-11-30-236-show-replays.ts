import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Replays of whole shows (issue 47): the pieces of a show's recording as the host's browser sends
 * them, and the replay they are joined into after the show, with when the recording began (the
 * chapters' zero).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = !(db.getExecutor().adapter instanceof SqliteAdapter);

  await db.schema
    .createTable('stream_replays')
    .addColumn('stream_id', 'varchar(36)', (c) => c.primaryKey().references('streams.id').onDelete('cascade'))
    // 'recording', then 'ready' (joined) or 'empty'; 'deleted' once the host deletes it or it ages out.
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(200)')
    .addColumn('mime_type', 'varchar(40)', (c) => c.notNull().defaultTo('video/webm'))
    .addColumn('bytes', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('duration_ms', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('ready_at', 'varchar(32)')
    .addColumn('deleted_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('stream_replays_status').on('stream_replays').columns(['status', 'ready_at']).execute();

  await db.schema
    .createTable('replay_pieces')
    .addColumn('stream_id', 'varchar(36)', (c) => c.notNull().references('streams.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('bytes', 'bigint', (c) => c.notNull())
    .addColumn('end_ms', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('replay_pieces_pk', ['stream_id', 'seq'])
    .execute();

  // PostgreSQL: new tables tell every instance of their commits, as the others do (migration 232, ADR 0050).
  if (postgres)
    for (const table of ['stream_replays', 'replay_pieces']) {
      await sql`create trigger souq_row_changed after insert or update or delete on ${sql.table(table)}
        for each row execute function souq_data_changed()`.execute(db);
      await sql`create trigger souq_table_truncated after truncate on ${sql.table(table)}
        for each statement execute function souq_data_changed()`.execute(db);
    }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('replay_pieces').execute();
  await db.schema.dropTable('stream_replays').execute();
}
