import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema.js';

/** Registers work to run once the transaction has committed. */
export type OnCommit = (fn: () => void) => void;

/**
 * Work that must wait for a transaction to commit (publishing its events, sending its mail):
 * registered during the transaction, run only once `work` has resolved, dropped if it threw.
 */
export async function withAfterCommit<T>(work: (onCommit: OnCommit) => Promise<T>): Promise<T> {
  const pending: Array<() => void> = [];
  const result = await work((fn) => pending.push(fn));
  for (const fn of pending) fn();
  return result;
}

/** One transaction whose news (events, bells' pushes, mail) goes out only once it has committed. */
export const committing = <T>(db: Kysely<DB>, work: (trx: Transaction<DB>, onCommit: OnCommit) => Promise<T>) =>
  withAfterCommit((onCommit) => db.transaction().execute((trx) => work(trx, onCommit)));
