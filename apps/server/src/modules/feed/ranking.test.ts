import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXPLORE_EVERY, addSignal, arrange, emptyTaste, score, type Candidate } from './ranking.js';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const DAY = 86_400_000;

const candidate = fc.record({
  key: fc.uuid(),
  kind: fc.constantFrom('product' as const, 'auction' as const),
  sellerId: fc.constantFrom('s1', 's2', 's3', 's4', 's5'),
  category: fc.constantFrom('Watches', 'Mobiles', 'Laptops', 'Beauty'),
  popularity: fc.nat(1000),
  createdAt: fc.integer({ min: NOW - 90 * DAY, max: NOW }),
  explore: fc.boolean(),
});

describe('feed ranking', () => {
  it('whatever the pool: no item twice, as many as the limit allows, three in a row from one seller only when no one else is left', () => {
    fc.assert(
      fc.property(fc.uniqueArray(candidate, { selector: (c) => c.key, maxLength: 200 }), fc.string(), (pool, seed) => {
        const taste = emptyTaste();
        addSignal(taste, { sellerId: 's1', category: 'Watches' }, 3);
        const out = arrange(pool, score(pool, taste, NOW), { limit: 60, seed });
        expect(new Set(out.map((c) => c.key)).size).toBe(out.length);
        expect(out.length).toBe(Math.min(60, pool.length));
        for (let i = 2; i < out.length; i++) {
          const seller = out[i]!.sellerId;
          if (out[i - 2]!.sellerId !== seller || out[i - 1]!.sellerId !== seller) continue;
          const placed = new Set(out.slice(0, i).map((c) => c.key));
          expect(pool.filter((c) => !placed.has(c.key)).every((c) => c.sellerId === seller)).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('the same seed gives the same order; exploration fills one slot in five when it can', () => {
    const pool: Candidate[] = Array.from({ length: 100 }, (_, i) => ({
      key: `k${i}`,
      kind: 'product',
      sellerId: `s${i % 10}`,
      category: ['Watches', 'Mobiles', 'Laptops'][i % 3]!,
      popularity: i < 80 ? 500 - i : 0,
      createdAt: NOW - (i % 30) * DAY,
      explore: i >= 80,
    }));
    const scores = score(pool, emptyTaste(), NOW);
    const a = arrange(pool, scores, { limit: 50, seed: 'session-1' });
    expect(arrange(pool, scores, { limit: 50, seed: 'session-1' }).map((c) => c.key)).toEqual(a.map((c) => c.key));
    const explored = a.filter((c) => c.explore).length;
    expect(explored).toBe(50 / EXPLORE_EVERY);
  });

  it('taste outranks popularity; "not interested" sinks a seller below everyone', () => {
    const pool: Candidate[] = [
      {
        key: 'popular',
        kind: 'product',
        sellerId: 'big',
        category: 'Beauty',
        popularity: 1000,
        createdAt: NOW - 10 * DAY,
      },
      { key: 'liked', kind: 'product', sellerId: 'fav', category: 'Watches', popularity: 3, createdAt: NOW - 10 * DAY },
      { key: 'hidden', kind: 'product', sellerId: 'nope', category: 'Watches', popularity: 900, createdAt: NOW },
    ];
    const taste = emptyTaste();
    addSignal(taste, { sellerId: 'fav', category: 'Watches' }, 5);
    taste.hiddenSellers.add('nope');
    const order = arrange(pool, score(pool, taste, NOW), { limit: 3, seed: 's' }).map((c) => c.key);
    expect(order).toEqual(['liked', 'popular', 'hidden']);
  });

  it('signed out (no taste): popularity and freshness; an auction ending within hours rises', () => {
    const pool: Candidate[] = [
      {
        key: 'old-popular',
        kind: 'product',
        sellerId: 'a',
        category: 'Watches',
        popularity: 200,
        createdAt: NOW - 60 * DAY,
      },
      {
        key: 'fresh-popular',
        kind: 'product',
        sellerId: 'b',
        category: 'Mobiles',
        popularity: 200,
        createdAt: NOW - DAY,
      },
      {
        key: 'ending',
        kind: 'auction',
        sellerId: 'c',
        category: 'Laptops',
        popularity: 20,
        createdAt: NOW - 60 * DAY,
        endsAt: NOW + 30 * 60_000,
      },
      {
        key: 'later',
        kind: 'auction',
        sellerId: 'd',
        category: 'Beauty',
        popularity: 20,
        createdAt: NOW - 60 * DAY,
        endsAt: NOW + 6 * DAY,
      },
    ];
    const scores = score(pool, emptyTaste(), NOW);
    expect(scores.get('fresh-popular')!).toBeGreaterThan(scores.get('old-popular')!);
    expect(scores.get('ending')!).toBeGreaterThan(scores.get('later')!);
  });
});
