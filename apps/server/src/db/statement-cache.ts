import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { Lru } from '../lib/lru.js';

/** Distinct SQL texts the app sends are a few hundred at most; IN lists of varying length make the rest. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query it runs, and preparing (parsing and planning) costs
 * more than running a lookup by key. This gives the driver a database whose prepare() hands back
 * the statement already prepared for the same SQL text, keeping the `capacity` most recently used.
 *
 * Sharing a statement is safe because the driver runs one query at a time on its only connection
 * (a mutex), and all() and run() step a statement to the end and reset it before returning.
 * SQLite re-prepares a cached statement by itself when a migration changes the schema under it.
 */
export function withStatementCache(database: BetterSqlite3.Database, capacity = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Lru<string, SqliteStatement>(capacity);
  return {
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close(): void {
      statements.clear();
      database.close();
    },
  };
}
