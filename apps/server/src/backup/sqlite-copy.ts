import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { BackupError } from './backup-error.js';

// Plain JavaScript, run as a worker thread with its own connection, as the checkpointer is
// (db/checkpointer.ts): VACUUM INTO reads one snapshot inside a read transaction, which in WAL mode
// never blocks the server's writer, and writes a compact copy. It is synchronous, so off the event
// loop: inside the server (scheduled backups) a large database would otherwise stall every request.
// The copy is switched to a rollback journal, so it is one self-contained file that can be opened
// read-only where it lies, and the migrations it has applied are read from it there too.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
try {
  const db = new Database(workerData.source, { fileMustExist: true });
  db.pragma('busy_timeout = 10000');
  db.prepare('vacuum into ?').run(workerData.into);
  db.close();
  const copy = new Database(workerData.into);
  copy.pragma('journal_mode = delete');
  const table = copy.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
  const migrations = table ? copy.prepare('select name from kysely_migration').pluck().all() : [];
  copy.close();
  parentPort.postMessage({ ok: true, migrations });
} catch (error) {
  parentPort.postMessage({ ok: false, message: String((error && error.message) || error) });
}
`;

/** A consistent copy of the live database at `source`, taken while it keeps serving; returns the copy's applied migrations. */
export async function snapshotSqlite(source: string, into: string): Promise<string[]> {
  if (!fs.existsSync(source))
    throw new BackupError(`No database to back up: ${source} does not exist (check DATA_DIR)`);
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { source, into, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
  });
  const outcome = await new Promise<{ ok: boolean; message?: string; migrations?: string[] }>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  await worker.terminate();
  if (!outcome.ok) throw new BackupError(`Could not copy ${source}: ${outcome.message}`);
  if (!outcome.migrations?.length)
    throw new BackupError(`Nothing to back up: ${source} holds no Souq database (no migrations applied)`);
  return outcome.migrations.sort();
}

/**
 * Reads a copy without changing it: `PRAGMA integrity_check` must say ok, and the migrations it
 * has applied are returned. A file that is not a database at all is refused the same way.
 */
export function inspectSqliteCopy(file: string): string[] {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const problems = db.pragma('integrity_check', { simple: false }) as Array<{ integrity_check: string }>;
    if (problems[0]?.integrity_check !== 'ok')
      throw new BackupError(`${file} fails PRAGMA integrity_check: ${problems[0]?.integrity_check ?? 'no answer'}`);
    return appliedMigrations(db, file);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${file} is not a readable SQLite database: ${(error as Error).message}`);
  } finally {
    db?.close();
  }
}

function appliedMigrations(db: SQLite.Database, file: string): string[] {
  const table = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
  if (!table) throw new BackupError(`${file} holds no Souq database: it has no migrations table`);
  return (db.prepare('select name from kysely_migration').pluck().all() as string[]).sort();
}
