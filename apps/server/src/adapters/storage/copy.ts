import type { FileStorage } from './storage.js';

export interface CopyReport {
  copied: number;
  /** Already in the destination: stored keys are never rewritten, so the same key is the same file. */
  present: number;
  /** Half-written `*.tmp` files a crash left in the folder: nobody's, so not worth moving. */
  temporary: number;
}

/**
 * Copies every file of one store into another, one at a time, leaving the source as it was.
 * Safe to run twice, or again after an interruption: what the destination already holds is skipped.
 */
export async function copyStorage(
  from: FileStorage,
  to: FileStorage,
  progress: (key: string) => void = () => {},
): Promise<CopyReport> {
  const present = new Set<string>();
  for await (const file of to.list()) present.add(file.key);
  const report: CopyReport = { copied: 0, present: 0, temporary: 0 };
  for await (const file of from.list()) {
    if (file.key.endsWith('.tmp')) report.temporary++;
    else if (present.has(file.key)) report.present++;
    else {
      const data = await from.get(file.key);
      // Removed since it was listed (the sweep, a deleted product): nothing to copy.
      if (!data) continue;
      await to.put(file.key, data);
      report.copied++;
      progress(file.key);
    }
  }
  return report;
}
