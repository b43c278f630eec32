import path from 'node:path';
import { createBackup } from './create-backup.js';
import { pruneBackups } from './prune.js';
import type { Shelf } from './shelf.js';

/** Backups kept in a directory on this machine (BACKUP_DIR). */
export function dirShelf(dir: string): Shelf {
  return {
    where: dir,
    take: (config, deps) => createBackup(config, dir, deps),
    prune: (keep, nowMs, staleMs) => pruneBackups(dir, keep, nowMs, staleMs),
    fetch: async (name) => ({ dir: path.join(dir, name), discard: async () => undefined }),
    close() {},
  };
}
