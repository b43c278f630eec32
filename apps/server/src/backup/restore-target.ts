import fs from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { uploadsDir } from '../adapters/storage/index.js';
import type { Config } from '../config.js';
import { filesUnder } from './manifest.js';

/** What a SQLite database leaves beside itself; stale ones would be replayed over the restored file. */
const SIDE_FILES = ['-wal', '-shm', '-journal'];

/** What in DATA_DIR a restore would overwrite: the SQLite file, stored files. Empty: nothing. */
export async function occupiedInDataDir(config: Config): Promise<string[]> {
  const found: string[] = [];
  if (config.database.kind === 'sqlite') {
    const stat = await fs.stat(config.database.file).catch(() => undefined);
    if (stat && stat.size > 0) found.push(path.basename(config.database.file));
  }
  if ((await filesUnder(uploadsDir(config))).length) found.push('uploads/');
  return found;
}

/** Restored files copied beside the target, ready to be renamed into place or thrown away. */
export interface Staged {
  swap(): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Copies the restored SQLite file and stored files into a staging directory inside DATA_DIR (same
 * filesystem, so `swap` is a few renames): a failure while copying, or in a PostgreSQL load run
 * between the two, leaves the target as it was.
 */
export async function stageIntoDataDir(config: Config, from: { database?: string; files?: string }): Promise<Staged> {
  await fs.mkdir(config.dataDir, { recursive: true });
  const staging = await fs.mkdtemp(path.join(config.dataDir, '.restore-'));
  const discard = () => fs.rm(staging, { recursive: true, force: true });
  const stagedDb = path.join(staging, 'souq.db');
  const stagedFiles = path.join(staging, 'uploads');
  try {
    if (from.database && config.database.kind === 'sqlite') {
      await fs.copyFile(from.database, stagedDb);
      releaseBackupClaim(stagedDb);
    }
    if (from.files) await fs.cp(from.files, stagedFiles, { recursive: true, errorOnExist: true });
    else await fs.mkdir(stagedFiles);
  } catch (error) {
    await discard();
    throw error;
  }
  return {
    discard,
    async swap() {
      try {
        const uploads = uploadsDir(config);
        await fs.rename(uploads, path.join(staging, 'replaced-uploads')).catch((error: unknown) => {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        });
        await fs.rename(stagedFiles, uploads);
        if (from.database && config.database.kind === 'sqlite') {
          const file = config.database.file;
          for (const suffix of SIDE_FILES) await fs.rm(`${file}${suffix}`, { force: true });
          await fs.rename(stagedDb, file);
        }
      } finally {
        await discard();
      }
    },
  };
}

/** See postgres-target.ts, releaseBackupClaim: the same, on the staged SQLite copy. */
function releaseBackupClaim(file: string): void {
  const db = new SQLite(file);
  try {
    const table = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'backup_schedule'").get();
    if (table) db.prepare('update backup_schedule set claimed_until = null').run();
  } finally {
    db.close();
  }
}
