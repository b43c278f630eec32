import { describe, expect, it } from 'vitest';
import { withAfterCommit } from './after-commit.js';

describe('withAfterCommit', () => {
  it('runs what was registered after the work resolves, in order', async () => {
    const seen: string[] = [];
    const result = await withAfterCommit(async (onCommit) => {
      onCommit(() => seen.push('first'));
      onCommit(() => seen.push('second'));
      seen.push('work');
      return 42;
    });
    expect(result).toBe(42);
    expect(seen).toEqual(['work', 'first', 'second']);
  });

  it('runs nothing when the work throws', async () => {
    const seen: string[] = [];
    await expect(
      withAfterCommit(async (onCommit) => {
        onCommit(() => seen.push('published'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(seen).toEqual([]);
  });
});
