import { describe, expect, it } from 'vitest';
import { createFakeClock } from './clock.js';
import { keptFor } from './kept-for.js';

describe('keptFor', () => {
  it('answers from the kept read until it is ttl old; then from it once more while a fresh read runs', async () => {
    const clock = createFakeClock('2026-11-24T00:00:00Z');
    const kept = keptFor<number>(clock, 1000, 10);
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    expect(await kept('a', read)).toBe(1);
    clock.advance(999);
    expect(await kept('a', read)).toBe(1);
    clock.advance(1);
    expect(await kept('a', read)).toBe(1);
    expect(reads).toBe(2);
    expect(await kept('a', read)).toBe(2);
    expect(await kept('b', read)).toBe(3);
  });

  it('never gives out a value twice the ttl old', async () => {
    const clock = createFakeClock();
    const kept = keptFor<number>(clock, 1000, 10);
    let reads = 0;
    const read = () => Promise.resolve(++reads);
    expect(await kept('a', read)).toBe(1);
    clock.advance(2000);
    expect(await kept('a', read)).toBe(2);
  });

  it('keeps the old value when a refresh fails, and tries again on the next ask', async () => {
    const clock = createFakeClock();
    const kept = keptFor<string>(clock, 1000, 10);
    expect(await kept('a', () => Promise.resolve('old'))).toBe('old');
    clock.advance(1000);
    expect(await kept('a', () => Promise.reject(new Error('database down')))).toBe('old');
    await Promise.resolve();
    expect(await kept('a', () => Promise.resolve('new'))).toBe('old');
    expect(await kept('a', () => Promise.resolve('newer'))).toBe('new');
  });

  it('askers of a key being read share the one read', async () => {
    const kept = keptFor<string>(createFakeClock(), 1000, 10);
    let reads = 0;
    let finish!: (v: string) => void;
    const read = () => {
      reads++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const both = Promise.all([kept('a', read), kept('a', read)]);
    finish('rows');
    expect(await both).toEqual(['rows', 'rows']);
    expect(reads).toBe(1);
  });

  it('does not keep a read that failed', async () => {
    const kept = keptFor<string>(createFakeClock(), 1000, 10);
    await expect(kept('a', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await kept('a', () => Promise.resolve('back'))).toBe('back');
  });

  it('keeps at most capacity keys, forgetting the least recently used', async () => {
    const kept = keptFor<string>(createFakeClock(), 1000, 2);
    let reads = 0;
    const read = (v: string) => () => (reads++, Promise.resolve(v));
    await kept('a', read('a'));
    await kept('b', read('b'));
    await kept('a', read('a'));
    await kept('c', read('c'));
    expect(reads).toBe(3);
    await kept('a', read('a'));
    expect(reads).toBe(3);
    await kept('b', read('b'));
    expect(reads).toBe(4);
  });
});
