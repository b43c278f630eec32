import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PUBLIC_PREFIX, type FileStorage, type StoredFile } from './storage.js';

export const UPLOADS_URL_PREFIX = '/uploads/';

/** Files under DATA_DIR/uploads, each written to a temporary name and renamed into place. */
export function createLocalStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`storage key escapes the root: ${key}`);
    return full;
  };
  return {
    async put(key, data) {
      const full = resolve(key);
      await fs.mkdir(path.dirname(full), { recursive: true });
      const tmp = `${full}.${crypto.randomBytes(4).toString('hex')}.tmp`;
      await fs.writeFile(tmp, data);
      await fs.rename(tmp, full);
    },
    async get(key) {
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(resolve(key), { force: true });
    },
    async *list(): AsyncIterable<StoredFile> {
      let entries: string[];
      try {
        entries = (await fs.readdir(root, { recursive: true })) as string[];
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const rel of entries) {
        const stat = await fs.stat(path.join(root, rel)).catch(() => undefined);
        // Directories are not files, and a file removed since readdir is nobody's concern.
        if (stat?.isFile()) yield { key: rel.split(path.sep).join('/'), modifiedAt: stat.mtime };
      }
    },
    async check() {
      if (!(await fs.stat(root)).isDirectory()) throw new Error(`${root} is not a folder`);
      await fs.access(root, fs.constants.W_OK);
    },
    url(key) {
      if (!key.startsWith(PUBLIC_PREFIX)) throw new Error(`not a public key: ${key}`);
      return UPLOADS_URL_PREFIX + key.slice(PUBLIC_PREFIX.length);
    },
  };
}
