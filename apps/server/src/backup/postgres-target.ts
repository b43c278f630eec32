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
 * Leaves the target schema present and empty for pg_restore, with the extensions the backup's
 * database had: with `replace` (--force) whatever the schema held is dropped first. One
 * transaction, so a failure here leaves the target as it was.
 */
export function prepareSchema(target: PostgresTarget, extensions: Extension[], replace: boolean): Promise<void> {
  return withClient(target.url, async (client) => {
    const schema = client.escapeIdentifier(target.schema);
    await client.query('begin');
    try {
      if (replace) await client.query(`drop schema if exists ${schema} cascade`);
      await client.query(`create schema if not exists ${schema}`);
      for (const extension of extensions) {
        const where = client.escapeIdentifier(extension.schema);
        await client.query(`create schema if not exists ${where}`);
        await client.query(`create extension if not exists ${client.escapeIdentifier(extension.name)} schema ${where}`);
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw new BackupError(`Cannot empty schema ${target.schema}: ${oneLine(error)}`);
    }
  });
}

/**
 * A backup taken by the schedule holds that run's claim (backup/schedule.ts); on the restored
 * database nobody is running it, so it is let go, or the next scheduled backup would wait for it.
 */
export function releaseBackupClaim(target: PostgresTarget): Promise<void> {
  return withClient(target.url, async (client) => {
    const table = `${client.escapeIdentifier(target.schema)}.backup_schedule`;
    const { rows } = await client.query<{ t: string | null }>('select to_regclass($1) as t', [table]);
    if (rows[0]?.t) await client.query(`update ${table} set claimed_until = null`);
  });
}
