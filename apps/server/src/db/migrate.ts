import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import * as accounts from './migrations/2026-11-21-001-accounts.js';

/** In order; names are dated so a newcomer can read the history. Never edit a shipped one. */
const MIGRATIONS: Record<string, Migration> = {
  '2026-11-21-001-accounts': accounts,
};

export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  if (schema) await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
