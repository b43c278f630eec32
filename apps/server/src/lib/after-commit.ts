/**
 * Work that must wait for a transaction to commit (publishing its events, sending its mail):
 * registered during the transaction, run only once `work` has resolved, dropped if it threw.
 */
export async function withAfterCommit<T>(work: (onCommit: (fn: () => void) => void) => Promise<T>): Promise<T> {
  const pending: Array<() => void> = [];
  const result = await work((fn) => pending.push(fn));
  for (const fn of pending) fn();
  return result;
}
