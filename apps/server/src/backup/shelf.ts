import path from 'node:path';
import type { Config } from '../config.js';
import { isBucketLocation, parseBucketLocation } from '../lib/bucket-location.js';
import { BackupError } from './backup-error.js';
import { bucketShelf } from './bucket-shelf.js';
import { createBackup, type BackupDeps } from './create-backup.js';
import { pruneBackups } from './prune.js';

/** A backup made readable on this machine, for a restore; `discard` removes what was downloaded. */
export interface FetchedBackup {
  dir: string;
  discard(): Promise<void>;
}

/** Where backups are kept: a directory, or a prefix in a bucket (bucket-shelf.ts). */
export interface Shelf {
  /** The directory or `s3://bucket/prefix/`, for the person reading a log line. */
  readonly where: string;
  /** Takes one backup onto the shelf and returns its location (a path, or `s3://…`). */
  take(config: Config, deps?: BackupDeps): Promise<string>;
  /** Keeps the newest `keep` complete backups; removes the rest and half-written ones older than `staleMs`. */
  prune(keep: number, nowMs: number, staleMs: number): Promise<string[]>;
  /** The backup called `name` on this shelf, as a directory restore can read. */
  fetch(name: string): Promise<FetchedBackup>;
  close(): void;
}

function dirShelf(dir: string): Shelf {
  return {
    where: dir,
    take: (config, deps) => createBackup(config, dir, deps),
    prune: (keep, nowMs, staleMs) => pruneBackups(dir, keep, nowMs, staleMs),
    fetch: async (name) => ({ dir: path.join(dir, name), discard: async () => undefined }),
    close() {},
  };
}

/** The shelf a location names: `s3://bucket/prefix/` through the S3_* connection settings, else a directory. */
export function shelfAt(location: string, config: Pick<Config, 's3Connection' | 's3'>): Shelf {
  if (!isBucketLocation(location)) return dirShelf(path.resolve(location));
  const at = parseBucketLocation(location);
  if (!at) throw new BackupError(`${location} is not a bucket location: write s3://<bucket>/<prefix>/`);
  // As config.ts says of BACKUP_S3_PREFIX: the uploads' orphan sweep would remove it, and a lost bucket takes both.
  if (at.bucket === config.s3?.bucket)
    throw new BackupError(`${location} is in the uploads bucket (S3_BUCKET): back up into another bucket`);
  return bucketShelf(at, config.s3Connection);
}

/** A backup's location (a directory, or `s3://bucket/prefix/<name>`) as a directory to restore from. */
export async function fetchBackup(
  location: string,
  config: Pick<Config, 's3Connection' | 's3'>,
): Promise<FetchedBackup> {
  if (!isBucketLocation(location)) return { dir: path.resolve(location), discard: async () => undefined };
  const trimmed = location.replace(/\/+$/, '');
  const name = trimmed.slice(trimmed.lastIndexOf('/') + 1);
  const shelf = shelfAt(trimmed.slice(0, trimmed.length - name.length), config);
  try {
    return await shelf.fetch(name);
  } finally {
    shelf.close();
  }
}
