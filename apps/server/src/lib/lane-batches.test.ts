import { describe, expect, it } from 'vitest';
import { laneBatches, type Settled } from './lane-batches.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('lane batches', () => {
  it('hands one lane’s items of one turn to one run, and each caller its own outcome', async () => {
    const runs: Array<[string, number[]]> = [];
    const place = laneBatches(async (lane, items: number[]) => {
      runs.push([lane, items]);
      return items.map((n): Settled<number> =>
        n < 0 ? { ok: false, error: new Error(`refused ${n}`) } : { ok: true, value: n * 10 },
      );
    });
    const answers = await Promise.allSettled([place('a', 1), place('a', -2), place('b', 3), place('a', 4)]);
    expect(runs).toEqual([
      ['a', [1, -2, 4]],
      ['b', [3]],
    ]);
    expect(answers.map((a) => (a.status === 'fulfilled' ? a.value : (a.reason as Error).message))).toEqual([
      10,
      'refused -2',
      30,
      40,
    ]);
  });

  it('forms the next batch from what arrives while a run is under way, and keeps batches to their maximum', async () => {
    const runs: number[][] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const place = laneBatches(async (_lane, items: number[]) => {
      runs.push(items);
      if (runs.length === 1) await held;
      return items.map((value) => ({ ok: true as const, value }));
    }, 2);
    const first = place('a', 1);
    await nextTurn();
    expect(runs).toEqual([[1]]);
    const later = [place('a', 2), place('a', 3), place('a', 4)];
    await nextTurn();
    expect(runs).toEqual([[1]]);
    release();
    expect(await Promise.all([first, ...later])).toEqual([1, 2, 3, 4]);
    expect(runs).toEqual([[1], [2, 3], [4]]);
  });

  it('fails every item of a run that throws, and the lane goes on', async () => {
    let calls = 0;
    const place = laneBatches(async (_lane, items: string[]) => {
      if (calls++ === 0) throw new Error('the database is gone');
      return items.map((value) => ({ ok: true as const, value }));
    });
    const failed = await Promise.allSettled([place('a', 'x'), place('a', 'y')]);
    expect(failed.map((f) => f.status === 'rejected' && (f.reason as Error).message)).toEqual([
      'the database is gone',
      'the database is gone',
    ]);
    expect(await place('a', 'z')).toBe('z');
  });
});
