import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Substring search on SQLite: an FTS5 table with the trigram tokenizer mirrors
 * products.search_text (kept in step by triggers), so `LIKE '%text%'` is answered from an
 * index instead of a scan. PostgreSQL already has its pg_trgm index (migration 002).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`create virtual table products_search using fts5(search_text, content='products', content_rowid='rowid', tokenize='trigram')`.execute(
    db,
  );
  await sql`insert into products_search(rowid, search_text) select rowid, search_text from products`.execute(db);
  await sql`create trigger products_search_insert after insert on products begin
    insert into products_search(rowid, search_text) values (new.rowid, new.search_text);
  end`.execute(db);
  await sql`create trigger products_search_delete after delete on products begin
    insert into products_search(products_search, rowid, search_text) values ('delete', old.rowid, old.search_text);
  end`.execute(db);
  await sql`create trigger products_search_update after update of search_text on products begin
    insert into products_search(products_search, rowid, search_text) values ('delete', old.rowid, old.search_text);
    insert into products_search(rowid, search_text) values (new.rowid, new.search_text);
  end`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  for (const trigger of ['products_search_insert', 'products_search_delete', 'products_search_update']) {
    await sql`drop trigger ${sql.id(trigger)}`.execute(db);
  }
  await sql`drop table products_search`.execute(db);
}
