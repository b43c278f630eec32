/**
 * Collects what is handed in during one turn of the event loop and gives it all to `flush` on the
 * next. The first call of a turn gets the flush's outcome, so a caller that awaits it sees its
 * failure once; the others get undefined.
 */
export function perTurn<T>(flush: (items: T[]) => void | Promise<void>): (item: T) => Promise<void> | undefined {
  let pending: T[] = [];
  return (item) => {
    if (pending.push(item) > 1) return undefined;
    return new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      const items = pending;
      pending = [];
      return flush(items);
    });
  };
}
