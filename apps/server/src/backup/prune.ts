import fs from 'node:fs/promises';
import path from 'node:path';
import { BACKUP_PREFIX, isPartialName } from './create-backup.js';
import { MANIFEST_FILE } from './manifest.js';

/**
 * Keeps the newest `keep` complete backups in `dir` (names sort by time) and removes the rest,
 * with any half-written one (`.souq-backup-….partial`, left by a crash) older than `staleMs`.
 * Only what a backup wrote is touched: other files in the directory are the operator's.
 */
export async function pruneBackups(dir: string, keep: number, nowMs: number, staleMs: number): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const complete: string[] = [];
  const removed: string[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory()) continue;
    const full = path.join(dir, entry.name);
    if (isPartialName(entry.name)) {
      if (nowMs - (await fs.stat(full)).mtimeMs > staleMs) {
        await fs.rm(full, { recursive: true, force: true });
        removed.push(entry.name);
      }
    } else if (entry.name.startsWith(BACKUP_PREFIX)) {
      if (await fs.stat(path.join(full, MANIFEST_FILE)).catch(() => undefined)) complete.push(entry.name);
    }
  }
  for (const name of complete.sort().slice(0, Math.max(0, complete.length - keep))) {
    await fs.rm(path.join(dir, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
