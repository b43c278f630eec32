import { MIGRATIONS } from '../db/migrate.js';
import { BackupError } from './backup-error.js';

/** Migration names are dated, so the last applied one is the greatest. */
export function lastOf(applied: string[]): string | undefined {
  return [...applied].sort().at(-1);
}

const KNOWN = new Set(Object.keys(MIGRATIONS));
const LATEST_KNOWN = lastOf(Object.keys(MIGRATIONS))!;

/**
 * A database from newer code has tables and rules this code does not: starting on it would
 * misread them, and Kysely's migrator refuses it anyway. Said before anything is touched.
 */
export function assertKnownLevel(applied: string[], where: string): void {
  const unknown = applied.filter((name) => !KNOWN.has(name)).sort();
  if (unknown.length)
    throw new BackupError(
      `${where} is at migration ${unknown.at(-1)}, newer than this Souq knows (its latest is ${LATEST_KNOWN}): restore it with the Souq version that took it, or a newer one`,
    );
}
