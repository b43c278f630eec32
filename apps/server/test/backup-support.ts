import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../src/config.js';
import { filesUnder, sha256File } from '../src/backup/manifest.js';

type Target = Pick<Config, 'database' | 'dataDir'>;

/** The environment `npm run backup` / `restore` would be run with for this database, as an operator sets it. */
export function envOf(target: Target): NodeJS.ProcessEnv {
  const db = target.database;
  return db.kind === 'postgres'
    ? { DATA_DIR: target.dataDir, DATABASE_URL: db.url, DATABASE_SCHEMA: db.schema }
    : { DATA_DIR: target.dataDir, DATABASE_URL: '' };
}

/**
 * An empty place to restore `source`'s backups into: a new DATA_DIR, and on PostgreSQL a new
 * database, since a backup restores its schema under the name it was taken from (ADR 0047).
 */
export async function freshTarget(source: Target): Promise<Target & { drop(): Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-restore-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  if (source.database.kind === 'sqlite')
    return {
      dataDir,
      database: { kind: 'sqlite', file: path.join(dataDir, 'souq.db') },
      drop: async () => removeDir(),
    };
  const name = `restore_${crypto.randomBytes(5).toString('hex')}`;
  const admin = source.database.url;
  await onDatabase(admin, (c) => c.query(`create database ${name}`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    dataDir,
    database: { kind: 'postgres', url: url.toString(), schema: source.database.schema },
    drop: async () => {
      await dropDatabase(admin, name);
      removeDir();
    },
  };
}

/**
 * A closed app's connections end a moment after its pool says so; forcing the drop then would
 * send them an error they no longer listen for. So wait for them, and force only at the end.
 */
async function dropDatabase(admin: string, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await onDatabase(admin, (c) => c.query(`drop database if exists ${name}`));
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006') throw error; // object_in_use
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await onDatabase(admin, (c) => c.query(`drop database if exists ${name} with (force)`));
}

async function onDatabase<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Everything a restore could change in a target, to prove a refused one changed nothing: every
 * file under DATA_DIR with its checksum and, on PostgreSQL, every table of the schema with its rows' count.
 */
export async function targetState(target: Target): Promise<{ files: string[]; tables: string[] }> {
  const files: string[] = [];
  for (const rel of await filesUnder(target.dataDir))
    files.push(`${rel} ${await sha256File(path.join(target.dataDir, rel))}`);
  const db = target.database;
  if (db.kind === 'sqlite') return { files, tables: [] };
  const tables = await onDatabase(db.url, async (c) => {
    const { rows } = await c.query<{ tablename: string }>(
      'select tablename from pg_catalog.pg_tables where schemaname = $1 order by tablename',
      [db.schema ?? 'public'],
    );
    const counted: string[] = [];
    for (const { tablename } of rows) {
      const n = await c.query<{ n: string }>(
        `select count(*) as n from ${c.escapeIdentifier(db.schema ?? 'public')}.${c.escapeIdentifier(tablename)}`,
      );
      counted.push(`${tablename} ${n.rows[0]!.n}`);
    }
    return counted;
  });
  return { files, tables };
}

/** `PRAGMA integrity_check` on a SQLite file, read-only. */
export function integrityCheck(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return (db.pragma('integrity_check', { simple: true }) as string) ?? '';
  } finally {
    db.close();
  }
}

/** A copy of a backup directory to spoil, leaving the original for the other cases. */
export function copyOfBackup(backup: string, into: string): string {
  const copy = path.join(into, `${path.basename(backup)}-${crypto.randomBytes(3).toString('hex')}`);
  fs.cpSync(backup, copy, { recursive: true });
  return copy;
}
