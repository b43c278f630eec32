import type { Clock } from './clock.js';
import { Lru } from './lru.js';

/**
 * Reads kept for a short while on the app's clock, for answers that are the same for many askers
 * and may be a moment old. At most `capacity` keys are kept. Askers of a key that is being read
 * share that one read; a read that fails is not kept, so the next asker tries again.
 *
 * Once a value is `ttlMs` old, the next asker still gets it at once while one fresh read runs in
 * the background (nobody waits for a refresh of a busy key); a value twice that old is never
 * given out.
 */
export interface Kept<V> {
  (key: string, read: () => Promise<V>): Promise<V>;
  /**
   * The value of a key that has arrived and is still fresh (younger than `ttlMs`), without waiting
   * and without reading: for a caller that must answer now or leave the asking to the others.
   */
  peek(key: string): { value: V } | undefined;
  /**
   * The value a call would give at once (arrived, and younger than twice `ttlMs`), without
   * reading: for a caller that started a read or a refresh and must not wait for it.
   */
  available(key: string): V | undefined;
  /** Forgets the key's value: the next asker reads afresh. */
  forget(key: string): void;
}

export function keptFor<V>(clock: Clock, ttlMs: number, capacity: number): Kept<V> {
  interface Entry {
    at: number;
    value: Promise<V>;
    arrived?: { value: V };
    refreshing?: boolean;
  }
  const kept = new Lru<string, Entry>(capacity);
  const start = (key: string, read: () => Promise<V>, now: number): Entry => {
    const entry: Entry = { at: now, value: read() };
    entry.value.then(
      (value) => (entry.arrived = { value }),
      () => kept.deleteIf(key, entry),
    );
    return entry;
  };
  const get = (key: string, read: () => Promise<V>): Promise<V> => {
    const now = clock.now().getTime();
    const hit = kept.get(key);
    const age = hit ? now - hit.at : Number.POSITIVE_INFINITY;
    if (hit && age < ttlMs) return hit.value;
    if (hit && age < 2 * ttlMs) {
      if (!hit.refreshing) {
        hit.refreshing = true;
        const fresh = start(key, read, now);
        // The old value stays until the new one has arrived; a failed refresh leaves it for the next asker to retry.
        fresh.value.then(
          () => kept.set(key, fresh),
          () => (hit.refreshing = false),
        );
      }
      return hit.value;
    }
    const entry = start(key, read, now);
    kept.set(key, entry);
    return entry.value;
  };
  const peek = (key: string): { value: V } | undefined => {
    const hit = kept.get(key);
    return hit && clock.now().getTime() - hit.at < ttlMs ? hit.arrived : undefined;
  };
  const available = (key: string): V | undefined => {
    const hit = kept.get(key);
    return hit && clock.now().getTime() - hit.at < 2 * ttlMs ? hit.arrived?.value : undefined;
  };
  const forget = (key: string): void => {
    const hit = kept.get(key);
    if (hit) kept.deleteIf(key, hit);
  };
  return Object.assign(get, { peek, available, forget });
}
