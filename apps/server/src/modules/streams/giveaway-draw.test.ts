import { describe, expect, it } from 'vitest';
import { draw, entriesHashOf, pickIndex } from './giveaway-draw.js';

describe('a giveaway’s seeded draw', () => {
  it('gives the same winner again from the same seed and entries, whatever order they are read in', () => {
    const first = draw(['c', 'a', 'b']);
    expect(draw(['b', 'c', 'a'], first.seed)).toEqual(first);
    expect(first.entriesHash).toBe(entriesHashOf(['a', 'b', 'c']));
    expect(['a', 'b', 'c']).toContain(first.winnerId);
    expect(draw([]).winnerId).toBeNull();
  });

  it('picks every entrant about equally often', () => {
    const counts = [0, 0, 0];
    const trials = 6_000;
    for (let i = 0; i < trials; i++) counts[pickIndex(`seed-${i}`, 'hash', 3)]! += 1;
    // Each within ±10 % of 2,000 (about 5 standard deviations: a fair draw never fails this).
    for (const n of counts) expect(Math.abs(n - trials / 3)).toBeLessThan(200);
  });
});
