import { describe, expect, it } from 'vitest';
import { perTurn } from './per-turn.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('per turn', () => {
  it('hands the next turn everything given during this one, in order, and starts afresh after', async () => {
    const flushed: number[][] = [];
    const add = perTurn((items: number[]) => void flushed.push(items));
    const first = add(1);
    expect(add(2)).toBeUndefined();
    add(3);
    expect(flushed).toEqual([]);
    await first;
    expect(flushed).toEqual([[1, 2, 3]]);
    await add(4);
    expect(flushed).toEqual([[1, 2, 3], [4]]);
    await nextTurn();
    expect(flushed).toHaveLength(2);
  });

  it('gives the first caller of a turn the flush’s failure', async () => {
    const add = perTurn(async () => {
      throw new Error('flush failed');
    });
    const first = add('a');
    add('b');
    await expect(first).rejects.toThrow('flush failed');
  });
});
