import { Lru } from './lru.js';

/**
 * Reads given out again while the data version (and the caller's stamp) is what it was when they
 * began: callers at the same moment share one read instead of each queueing its own, and a read
 * that saw a write happen is never given out after it. Without a data version, every call reads.
 */
export function keptReads<T>(size: number, dataVersion: (() => string) | undefined) {
  const kept = new Lru<string, { at: string; value: Promise<T> }>(size);
  return (key: string, stamp: string, read: () => Promise<T>): Promise<T> => {
    if (!dataVersion) return read();
    const at = `${dataVersion()} ${stamp}`;
    const hit = kept.get(key);
    if (hit?.at === at) return hit.value;
    const entry = { at, value: read() };
    kept.set(key, entry);
    entry.value.catch(() => kept.deleteIf(key, entry));
    return entry.value;
  };
}
