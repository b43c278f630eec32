/** A Map that keeps at most `capacity` entries, forgetting the least recently used first. */
export class Lru<K, V> {
  // A Map iterates in insertion order: re-inserting on every use keeps the least recently used first.
  readonly #entries = new Map<K, V>();

  constructor(readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value !== undefined) {
      this.#entries.delete(key);
      this.#entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.capacity) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(key, value);
  }

  /** Forgets `key` if it still holds `value` (and not something set since). */
  deleteIf(key: K, value: V): void {
    if (this.#entries.get(key) === value) this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
  }
}
