import pg from 'pg';
import { BackupError, oneLine } from './backup-error.js';
import type { PostgresTarget } from './postgres-dump.js';

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot reach the database DATABASE_URL names: ${oneLine(error)}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** How many tables the target schema holds already (0 when it does not exist). */
export function tablesIn(target: PostgresTarget): Promise<number> {
  return withClient(target.url, async (client) => {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_catalog.pg_tables where schemaname = $1`,
      [target.schema],
    );
    return Number(rows[0]!.n);
  });
}

export interface Extension {
  name: string;
  schema: string;
}

/**
 * The extensions of the database (pg_trgm for search): one per database, outside the app's
 * schema, so a dump of that schema leaves them out while its indexes still need them.
 */
export function extensionsOf(url: string): Promise<Extension[]> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<Extension>(
      `select e.extname as name, n.nspname as schema from pg_catalog.pg_extension e
       join pg_catalog.pg_namespace n on n.oid = e.extnamespace where e.extname <> 'plpgsql' order by 1`,
    );
    return rows;
  });
}

/**
 * What runs before the dump, in its transaction: the schema present and empty (with `replace`,
 * --force, whatever it held is dropped), and the extensions the backup's database had.
 */
export function beforeRestore(target: PostgresTarget, extensions: Extension[], replace: boolean): string {
  const schema = pg.escapeIdentifier(target.schema);
  return [
    ...(replace ? [`drop schema if exists ${schema} cascade`] : []),
    `create schema if not exists ${schema}`,
    ...extensions.flatMap((e) => [
      `create schema if not exists ${pg.escapeIdentifier(e.schema)}`,
      `create extension if not exists ${pg.escapeIdentifier(e.name)} schema ${pg.escapeIdentifier(e.schema)}`,
    ]),
  ].join(';\n');
}

/**
 * What runs after the dump, in its transaction. A backup taken by the schedule holds that run's
 * claim (backup/schedule.ts); on the restored database nobody is running it, so it is let go, or
 * the next scheduled backup would wait for it. Backups older than the schedule have no such table.
 */
export function afterRestore(target: PostgresTarget): string {
  const table = `${pg.escapeIdentifier(target.schema)}.backup_schedule`;
  return `do $$ begin
  if to_regclass(${pg.escapeLiteral(table)}) is not null then
    update ${table} set claimed_until = null;
  end if;
end $$`;
}
