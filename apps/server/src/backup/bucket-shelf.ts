import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { bucketObjects } from '../adapters/storage/bucket-objects.js';
import { createS3Client } from '../adapters/storage/s3-storage.js';
import type { S3Connection } from '../config.js';
import { bucketLocationText, type BucketLocation } from '../lib/bucket-location.js';
import { BackupError, oneLine } from './backup-error.js';
import { BACKUP_PREFIX, createBackup } from './create-backup.js';
import { filesUnder, MANIFEST_FILE } from './manifest.js';
import type { FetchedBackup, Shelf } from './shelf.js';

interface ShelvedBackup {
  name: string;
  keys: string[];
  complete: boolean;
  lastWrittenMs: number;
}

/**
 * Backups kept in a bucket under a prefix (BACKUP_S3_PREFIX, `--out s3://…`). A backup is made in
 * a local scratch directory as on disk, then each file is uploaded to `<prefix><name>/<file>`,
 * the manifest last: its key is what makes a backup complete, exactly as its presence does in a
 * directory. A crash mid-upload leaves keys without a manifest, which pruning removes once stale.
 */
export function bucketShelf(
  at: BucketLocation,
  connection: S3Connection,
  client: S3Client = createS3Client(connection),
): Shelf {
  const { bucket: Bucket, prefix } = at;
  const where = bucketLocationText(at);
  const failed = (doing: string, error: unknown) =>
    new BackupError(`Cannot ${doing} ${where}: ${oneLine(error) || (error as Error).name}`);

  async function upload(key: string, file: string): Promise<void> {
    // Multipart above 5 MB, so a dump of any size goes up without being held in memory.
    await new Upload({ client, params: { Bucket, Key: key, Body: fs.createReadStream(file) } }).done();
  }

  async function remove(keys: string[]): Promise<void> {
    for (const Key of keys) await client.send(new DeleteObjectCommand({ Bucket, Key }));
  }

  /** What the prefix holds, backup by backup; keys that are not a backup's are the operator's and left alone. */
  async function shelved(): Promise<ShelvedBackup[]> {
    const byName = new Map<string, ShelvedBackup>();
    for await (const { key, modifiedAt } of bucketObjects((command) => client.send(command), Bucket, prefix)) {
      const [name, ...rest] = key.slice(prefix.length).split('/');
      if (!name?.startsWith(BACKUP_PREFIX) || rest.length === 0) continue;
      const backup = byName.get(name) ?? { name, keys: [], complete: false, lastWrittenMs: 0 };
      backup.keys.push(key);
      backup.complete ||= rest.join('/') === MANIFEST_FILE;
      backup.lastWrittenMs = Math.max(backup.lastWrittenMs, modifiedAt.getTime());
      byName.set(name, backup);
    }
    return [...byName.values()];
  }

  return {
    where,

    async take(config, deps) {
      const scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'souq-backup-upload-'));
      try {
        const local = await createBackup(config, scratch, deps);
        const name = path.basename(local);
        const files = (await filesUnder(local)).filter((rel) => rel !== MANIFEST_FILE);
        const written: string[] = [];
        try {
          for (const rel of [...files, MANIFEST_FILE]) {
            const key = `${prefix}${name}/${rel}`;
            await upload(key, path.join(local, rel));
            written.push(key);
          }
        } catch (error) {
          await remove(written).catch(() => undefined);
          throw failed('write backups to', error);
        }
        return `${where}${name}`;
      } finally {
        await fsp.rm(scratch, { recursive: true, force: true });
      }
    },

    async prune(keep, nowMs, staleMs) {
      try {
        const all = await shelved();
        const complete = all.filter((b) => b.complete).sort((a, b) => a.name.localeCompare(b.name));
        const stale = all.filter((b) => !b.complete && nowMs - b.lastWrittenMs > staleMs);
        const gone = [...complete.slice(0, Math.max(0, complete.length - keep)), ...stale];
        // The manifest first: a backup being removed stops counting as one before its files go.
        for (const backup of gone)
          await remove(
            backup.keys.sort((a, b) => Number(b.endsWith(MANIFEST_FILE)) - Number(a.endsWith(MANIFEST_FILE))),
          );
        return gone.map((b) => b.name);
      } catch (error) {
        throw failed('prune backups in', error);
      }
    },

    async fetch(name) {
      const under = `${prefix}${name}/`;
      const keys: string[] = [];
      try {
        for await (const { key } of bucketObjects((command) => client.send(command), Bucket, under)) keys.push(key);
      } catch (error) {
        throw failed('read backups from', error);
      }
      if (keys.length === 0)
        throw new BackupError(`No backup at ${where}${name}: give the location \`npm run backup\` printed`);
      const scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'souq-backup-download-'));
      const dir = path.join(scratch, name);
      try {
        for (const key of keys) {
          const to = path.resolve(dir, key.slice(under.length));
          if (!to.startsWith(dir + path.sep))
            throw new BackupError(`Backup ${where}${name} holds a key outside it: ${key}`);
          await fsp.mkdir(path.dirname(to), { recursive: true });
          const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
          await pipeline(object.Body as Readable, fs.createWriteStream(to));
        }
      } catch (error) {
        await fsp.rm(scratch, { recursive: true, force: true });
        throw error instanceof BackupError ? error : failed('read backups from', error);
      }
      return { dir, discard: () => fsp.rm(scratch, { recursive: true, force: true }) } satisfies FetchedBackup;
    },

    close() {
      client.destroy();
    },
  };
}
