import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * PostgreSQL: every table tells each instance that a commit changed it (NOTIFY on the channel
 * souq_data_changed, with its schema as the payload), so an instance knows when its kept answers
 * are stale (ADR 0050). A row trigger, not a statement one: an UPDATE that matched nothing (a
 * job poller's) changes nothing and must not wake anyone; PostgreSQL folds a transaction's equal
 * notifications into one. A table added later needs the same two triggers (a test checks).
 * SQLite needs none: it counts changes itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`create function souq_data_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('souq_data_changed', tg_table_schema);
      return null;
    end $$`.execute(db);
  await sql`do $$
    declare t record;
    begin
      for t in select tablename from pg_tables
        where schemaname = current_schema() and tablename not like 'kysely\\_%'
      loop
        execute format('create trigger souq_row_changed after insert or update or delete on %I
          for each row execute function souq_data_changed()', t.tablename);
        execute format('create trigger souq_table_truncated after truncate on %I
          for each statement execute function souq_data_changed()', t.tablename);
      end loop;
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof SqliteAdapter) return;
  await sql`drop function souq_data_changed() cascade`.execute(db);
}
