import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from '../adapters/storage/index.js';
import { filesUnder } from './manifest.js';

/** A write in progress (local-storage.ts writes `<key>.<random>.tmp`, then renames): never a file a row names. */
const isTemporary = (key: string) => key.endsWith('.tmp');

/**
 * Copies the files under the storage root that are not in `copied` yet, and adds them to it.
 * A file that goes between the listing and the copy was deleted by the app: there is nothing to
 * keep. Run once before the database is copied and once after: a row names a file only after the
 * file is written (renamed into place), so every file the database copy names is caught by one
 * of the two passes.
 */
export async function copyNewFiles(root: string, into: string, copied: Set<string>): Promise<void> {
  for (const key of await filesUnder(root)) {
    if (copied.has(key) || isTemporary(key)) continue;
    const to = path.join(into, key);
    await fs.mkdir(path.dirname(to), { recursive: true });
    try {
      await fs.copyFile(path.join(root, key), to);
      copied.add(key);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** Every finished file in the bucket, sorted. */
export async function bucketKeys(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list()) if (!isTemporary(file.key)) keys.push(file.key);
  return keys.sort();
}
