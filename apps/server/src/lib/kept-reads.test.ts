import { describe, expect, it } from 'vitest';
import { keptReads } from './kept-reads.js';

describe('keptReads', () => {
  it('shares one read among callers while the version and the stamp are unchanged', async () => {
    let version = 1;
    let reads = 0;
    const kept = keptReads<number>(10, () => String(version));
    const read = async () => ++reads;
    expect(await Promise.all([kept('a', 's', read), kept('a', 's', read)])).toEqual([1, 1]);
    expect(await kept('a', 's', read)).toBe(1);
    expect(await kept('a', 'next second', read)).toBe(2);
    version++;
    expect(await kept('a', 'next second', read)).toBe(3);
    expect(await kept('b', 'next second', read)).toBe(4);
  });

  it('never gives out a read that saw a write begin after it started', async () => {
    let version = 1;
    const kept = keptReads<string>(10, () => String(version));
    const first = kept('a', '', async () => {
      version++; // a write lands while it reads
      return 'old';
    });
    expect(await first).toBe('old');
    expect(await kept('a', '', async () => 'new')).toBe('new');
  });

  it('forgets a read that failed, and reads every time without a version', async () => {
    const kept = keptReads<string>(10, () => '1');
    await expect(kept('a', '', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await kept('a', '', async () => 'up')).toBe('up');
    let reads = 0;
    const unversioned = keptReads<number>(10, undefined);
    await unversioned('a', '', async () => ++reads);
    expect(await unversioned('a', '', async () => ++reads)).toBe(2);
  });
});
