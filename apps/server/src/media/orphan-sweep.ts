import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from '../adapters/storage/index.js';
import type { Job } from '../jobs/runner.js';
import type { Clock } from '../lib/clock.js';

/** The storage keys a module's rows point at; see `ModuleParts.referencedUploads`. */
export type UploadReferences = () => Promise<Iterable<string>>;

/**
 * Old enough that no request can still be between writing a file and saving the row that names it
 * (that takes seconds), and that no upload can still be arriving into a temporary file.
 */
const ORPHAN_AGE_MS = 3600_000;

export interface OrphanSweepDeps {
  storage: FileStorage;
  /** Every module's answer to "which files do your rows use?"; a file none names is an orphan. */
  references: UploadReferences[];
  /** Local directories of temporary files (`*.tmp`): uploads being read, mails being written. */
  scratchDirs: string[];
  clock: Clock;
  log: { info(msg: string): void };
}

/**
 * A crash between writing an upload and saving its row, or in the middle of writing it, leaves a
 * file nobody points at. This removes files older than an hour that no module references, and
 * temporary files older than an hour, at start-up and hourly. A module that stores files adds its
 * own `referencedUploads` (modules/module.ts): forgetting it would make its files look orphaned.
 */
async function sweepOrphanUploads(deps: OrphanSweepDeps): Promise<{ removed: number }> {
  const cutoff = deps.clock.now().getTime() - ORPHAN_AGE_MS;
  const old: string[] = [];
  for await (const file of deps.storage.list()) if (file.modifiedAt.getTime() < cutoff) old.push(file.key);
  let removed = 0;
  if (old.length) {
    // Asked after listing: a file old enough to be listed had its row written long before this.
    const referenced = new Set<string>();
    for (const references of deps.references) for (const key of await references()) referenced.add(key);
    for (const key of old) {
      if (referenced.has(key)) continue;
      await deps.storage.delete(key);
      removed++;
    }
  }
  for (const dir of deps.scratchDirs) removed += await removeOldTemporaryFiles(dir, cutoff);
  if (removed) deps.log.info(`orphan sweep: removed ${removed} unreferenced or half-written files`);
  return { removed };
}

async function removeOldTemporaryFiles(dir: string, cutoff: number): Promise<number> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.tmp')) continue;
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat?.isFile() || stat.mtimeMs >= cutoff) continue;
    await fs.rm(file, { force: true });
    removed++;
  }
  return removed;
}

export function orphanSweepJob(deps: OrphanSweepDeps): Job {
  return {
    name: 'uploads.sweep-orphans',
    everyMs: ORPHAN_AGE_MS,
    run: async () => void (await sweepOrphanUploads(deps)),
  };
}
