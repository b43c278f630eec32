import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createStorage, uploadsDir, type FileStorage } from '../adapters/storage/index.js';
import type { Config } from '../config.js';
import { BackupError } from './backup-error.js';
import { writeManifest, type Manifest } from './manifest.js';
import { lastOf } from './migration-level.js';
import { dumpedMigrations, dumpPostgres } from './postgres-dump.js';
import { extensionsOf, type Extension } from './postgres-target.js';
import { snapshotSqlite } from './sqlite-copy.js';
import { bucketKeys, copyNewFiles } from './stored-files.js';

export const BACKUP_PREFIX = 'souq-backup-';
/** Where a backup is written until it is complete: never mistaken for one, by a person or by pruning. */
const partialName = (name: string) => `.${name}.partial`;
export const isPartialName = (name: string) => name.startsWith(`.${BACKUP_PREFIX}`) && name.endsWith('.partial');

const FILES_DIR = 'files';
const S3_KEYS = 's3-keys.json';

export interface BackupDeps {
  /** The app's own storage when the server backs itself up; the CLI makes one from config. */
  storage?: FileStorage;
  now?: () => Date;
}

/**
 * One consistent backup of the database and the stored files the environment names, taken while
 * the server keeps serving, in a new directory under `outDir`; returns its path. Files on disk
 * are copied before and after the database (see copyNewFiles); on S3 the bucket keeps the files
 * and the backup lists the keys present after the database was copied.
 */
export async function createBackup(config: Config, outDir: string, deps: BackupDeps = {}): Promise<string> {
  const createdAt = (deps.now?.() ?? new Date()).toISOString();
  const name = `${BACKUP_PREFIX}${createdAt.replace(/[:.]/g, '-')}-${crypto.randomBytes(3).toString('hex')}`;
  await fs.mkdir(outDir, { recursive: true }).catch((error: unknown) => {
    throw new BackupError(`Cannot write backups to ${outDir}: ${(error as Error).message}`);
  });
  const partial = path.join(outDir, partialName(name));
  await fs.mkdir(partial);
  try {
    const root = uploadsDir(config);
    const copied = new Set<string>();
    if (!config.s3) await copyNewFiles(root, path.join(partial, FILES_DIR), copied);

    const database = config.database.kind === 'sqlite' ? 'database.sqlite' : 'database.pgdump';
    const databaseFile = path.join(partial, database);
    let applied: string[];
    let schema: string | undefined;
    let extensions: Extension[] | undefined;
    if (config.database.kind === 'sqlite') {
      applied = await snapshotSqlite(config.database.file, databaseFile);
    } else {
      schema = config.database.schema ?? 'public';
      await dumpPostgres({ url: config.database.url, schema }, databaseFile);
      extensions = await extensionsOf(config.database.url);
      applied = await dumpedMigrations(databaseFile, schema);
    }

    let storage: Manifest['storage'];
    if (config.s3) {
      const bucket = deps.storage ?? createStorage(config);
      try {
        await fs.writeFile(path.join(partial, S3_KEYS), `${JSON.stringify(await bucketKeys(bucket), null, 1)}\n`);
      } finally {
        if (!deps.storage) bucket.close();
      }
      storage = { kind: 's3', bucket: config.s3.bucket, keys: S3_KEYS };
    } else {
      await copyNewFiles(root, path.join(partial, FILES_DIR), copied);
      storage = { kind: 'disk', dir: FILES_DIR };
    }

    await writeManifest(partial, {
      dialect: config.database.kind,
      migration: lastOf(applied)!,
      createdAt,
      database,
      ...(schema ? { schema, extensions } : {}),
      storage,
    });
    const done = path.join(outDir, name);
    await fs.rename(partial, done);
    return done;
  } catch (error) {
    await fs.rm(partial, { recursive: true, force: true });
    throw error;
  }
}
