import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  PUBLIC_PREFIX,
  StorageUnavailableError,
  assertPublic,
  contentTypeOf,
  type FileStorage,
  type StoredFile,
} from './storage.js';

/** Where the app serves public files itself (http/public-files.ts), whichever store holds them. */
export const UPLOADS_URL_PREFIX = '/uploads/';

/** The browser URL of a public key when the app streams it. */
export function appUrlOf(key: string): string {
  assertPublic(key);
  return UPLOADS_URL_PREFIX + key.slice(PUBLIC_PREFIX.length);
}

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Files under DATA_DIR/uploads, each written to a temporary name and renamed into place. */
export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return full;
  };
  return {
    setting: 'DATA_DIR',
    close() {},
    async put(key, data) {
      const full = resolve(key);
      const tmp = `${full}.${crypto.randomBytes(4).toString('hex')}.tmp`;
      try {
        await fs.mkdir(path.dirname(full), { recursive: true });
        await fs.writeFile(tmp, data);
        await fs.rename(tmp, full);
      } catch (error) {
        // A full or read-only disk is the store failing, as a bucket can: the person gets a 503.
        // What a failed write left is a *.tmp no row names, removed by the orphan sweep.
        throw new StorageUnavailableError(error);
      }
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async open(key) {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(resolve(key));
      } catch (error) {
        if (missing(error) || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
      // Size and bytes from one open file: a sweep removing it meanwhile cannot make them disagree.
      const stat = await handle.stat().catch(async (error: unknown) => {
        await handle.close();
        throw error;
      });
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return { body: handle.createReadStream(), size: stat.size, contentType: contentTypeOf(key) };
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async *list(): AsyncIterable<StoredFile> {
      let entries: string[];
      try {
        entries = (await fs.readdir(root, { recursive: true })) as string[];
      } catch (error) {
        if (missing(error)) return;
        throw error;
      }
      for (const rel of entries) {
        const stat = await fs.stat(path.join(root, rel)).catch(() => undefined);
        // Directories are not files, and a file removed since readdir is nobody's concern.
        if (stat?.isFile()) yield { key: rel.split(path.sep).join('/'), modifiedAt: stat.mtime };
      }
    },
    url: appUrlOf,
    async check() {
      try {
        await fs.mkdir(root, { recursive: true });
        await fs.access(root, fs.constants.R_OK | fs.constants.W_OK);
      } catch (error) {
        throw new StorageUnavailableError(error);
      }
    },
  };
}
