import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { isUniqueViolation } from './database.js';
import * as accounts from './migrations/2026-11-21-001-accounts.js';
import * as catalog from './migrations/2026-11-21-002-catalog.js';
import * as sqliteSearch from './migrations/2026-11-21-003-sqlite-search-index.js';

/** In order; names are dated so a newcomer can read the history. Never edit a shipped one. */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-21-001-accounts': accounts,
  '2026-11-21-002-catalog': catalog,
  '2026-11-21-003-sqlite-search-index': sqliteSearch,
};

const BUSY_RETRY_MS = 30_000;

/** Safe to run from several processes at once: one applies the migrations, the others find them applied. */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  const deadline = Date.now() + BUSY_RETRY_MS;
  for (;;) {
    try {
      return await migrateOnce(db, schema);
    } catch (error) {
      // SQLite refuses, rather than waits for, a write that meets another migration (see database.ts).
      const busy = String((error as { code?: unknown })?.code ?? '').startsWith('SQLITE_BUSY');
      if (!busy || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
    }
  }
}

async function migrateOnce(db: Kysely<any>, schema?: string): Promise<string[]> {
  if (schema) {
    // Two instances can both get past "if not exists"; the second then trips the catalog's unique index.
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db).catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
    });
  }
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
