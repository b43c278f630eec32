import fs from 'node:fs/promises';
import path from 'node:path';
import { createStorage } from '../adapters/storage/index.js';
import type { Config } from '../config.js';
import { BackupError } from './backup-error.js';
import { readManifest, verifyChecksums, type Manifest } from './manifest.js';
import { assertKnownLevel, lastOf } from './migration-level.js';
import { dumpedMigrations, restorePostgres, type PostgresTarget } from './postgres-dump.js';
import { afterRestore, beforeRestore, tablesIn } from './postgres-target.js';
import { occupiedInDataDir, stageIntoDataDir } from './restore-target.js';
import { inspectSqliteCopy } from './sqlite-copy.js';
import { bucketKeys } from './stored-files.js';

const DIALECT_NAMES = { sqlite: 'SQLite (DATA_DIR)', postgres: 'PostgreSQL (DATABASE_URL)' } as const;

/**
 * Restores the backup at `dir` into the database and storage the environment names. Every check
 * (checksums, the database copy's integrity and migration level, the target being empty) runs
 * before anything of the target is touched; a failure is a BackupError whose message is the one
 * line to show. Returns what was restored, for the person who ran it.
 */
export async function restoreBackup(config: Config, dir: string, options: { force: boolean }): Promise<string> {
  const manifest = await readManifest(dir);
  await verifyChecksums(dir, manifest);
  if (manifest.dialect !== config.database.kind)
    throw new BackupError(
      `Backup ${dir} is of a ${DIALECT_NAMES[manifest.dialect]} database; the environment names ${DIALECT_NAMES[config.database.kind]}: restore it into the same kind`,
    );
  assertKnownLevel([manifest.migration], `Backup ${dir}`);
  const databaseFile = path.join(dir, manifest.database);
  const target: PostgresTarget | undefined =
    config.database.kind === 'postgres'
      ? { url: config.database.url, schema: config.database.schema ?? 'public' }
      : undefined;
  if (target && manifest.schema !== target.schema)
    throw new BackupError(
      `Backup ${dir} holds schema "${manifest.schema}"; the environment names "${target.schema}": ${manifest.schema === 'public' ? 'unset DATABASE_SCHEMA' : `set DATABASE_SCHEMA=${manifest.schema}`} to restore it`,
    );
  const applied = target ? await dumpedMigrations(databaseFile, target.schema) : inspectSqliteCopy(databaseFile);
  assertKnownLevel(applied, `Backup ${dir}`);
  if (lastOf(applied) !== manifest.migration)
    throw new BackupError(
      `Backup ${dir} is damaged: its manifest says migration ${manifest.migration}, its database is at ${lastOf(applied)}`,
    );
  await checkStorage(config, dir, manifest);

  const occupied = await occupiedInDataDir(config);
  if (target && (await tablesIn(target)))
    occupied.unshift(`schema ${target.schema} of the database DATABASE_URL names`);
  if (occupied.length && !options.force)
    throw new BackupError(
      `The target is not empty (${occupied.join(', ')}): restore into an empty one, or add --force to replace what it holds`,
    );

  const files = manifest.storage.kind === 'disk' ? path.join(dir, manifest.storage.dir) : undefined;
  const filesThere = files && (await fs.stat(files).catch(() => undefined))?.isDirectory();
  const staged = config.s3
    ? undefined
    : await stageIntoDataDir(config, {
        database: target ? undefined : databaseFile,
        files: filesThere ? files : undefined,
      });
  if (target) {
    await restorePostgres(
      target,
      databaseFile,
      beforeRestore(target, manifest.extensions ?? [], options.force),
      afterRestore(target),
    ).catch(async (error: unknown) => {
      await staged?.discard();
      throw error;
    });
  }
  await staged?.swap();
  const into = config.database.kind === 'sqlite' ? config.database.file : `schema ${target!.schema} of DATABASE_URL`;
  const filesDir = manifest.storage.kind === 'disk' ? `${manifest.storage.dir}/` : undefined;
  const stored = filesDir ? `, ${manifest.files.filter((f) => f.path.startsWith(filesDir)).length} stored files` : '';
  return `Restored ${dir} (taken ${manifest.createdAt}, migration ${manifest.migration}${stored}) into ${into}`;
}

/** Stored files go back where they came from: a disk backup to DATA_DIR/uploads, an S3 one's keys must be in the bucket. */
async function checkStorage(config: Config, dir: string, manifest: Manifest): Promise<void> {
  if (manifest.storage.kind === 'disk') {
    if (config.s3)
      throw new BackupError(
        `Backup ${dir} keeps its files on disk; the environment names bucket "${config.s3.bucket}": restore without S3_BUCKET, then npm run storage:copy`,
      );
    return;
  }
  if (!config.s3)
    throw new BackupError(
      `Backup ${dir} lists files in bucket "${manifest.storage.bucket}": set S3_BUCKET and the other S3_* variables to restore it`,
    );
  const wanted = JSON.parse(await fs.readFile(path.join(dir, manifest.storage.keys), 'utf8')) as string[];
  const storage = createStorage(config);
  try {
    const present = new Set(await bucketKeys(storage));
    const missing = wanted.filter((key) => !present.has(key));
    if (missing.length)
      throw new BackupError(
        `Bucket "${config.s3.bucket}" lacks ${missing.length} of the ${wanted.length} files it held when the backup was taken (first: ${missing[0]}): put them back (bucket versioning, a replica) before restoring`,
      );
  } finally {
    storage.close();
  }
}
