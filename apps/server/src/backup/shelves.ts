import path from 'node:path';
import type { Config } from '../config.js';
import { isBucketLocation, parseBucketLocation } from '../lib/bucket-location.js';
import { BackupError } from './backup-error.js';
import { bucketShelf } from './bucket-shelf.js';
import { dirShelf } from './dir-shelf.js';
import type { FetchedBackup, Shelf } from './shelf.js';

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
