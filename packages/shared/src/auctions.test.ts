import { describe, expect, it } from 'vitest';
import { bidCapReached, bidIncrement, bidsLabel, minimumNextBid, quickBids } from './auctions.js';
import { MAX_FILS } from './schemas/catalog.js';

describe('bid increments', () => {
  it.each([
    // [current bid in fils, step in fils]: below AED 50 → 1; to 250 → 5; to 1,000 → 10; to 5,000 → 50; to 25,000 → 100; above → 500
    [1, 1_00],
    [49_99, 1_00],
    [50_00, 5_00],
    [249_99, 5_00],
    [250_00, 10_00],
    [999_99, 10_00],
    [1_000_00, 50_00],
    [4_999_99, 50_00],
    [5_000_00, 100_00],
    [24_999_99, 100_00],
    [25_000_00, 500_00],
    [9_999_999_00, 500_00],
  ])('at %i fils the step is %i fils', (current, step) => {
    expect(bidIncrement(current)).toBe(step);
  });

  it('asks for the starting bid first, then the current bid plus one step', () => {
    expect(minimumNextBid({ startingBid: 100_00, currentBid: null })).toBe(100_00);
    expect(minimumNextBid({ startingBid: 100_00, currentBid: 100_00 })).toBe(105_00);
    expect(minimumNextBid({ startingBid: 10_00, currentBid: 49_50 })).toBe(50_50);
    expect(minimumNextBid({ startingBid: 10_00, currentBid: 1_000_00 })).toBe(1_050_00);
  });

  it('offers the minimum and two larger quick bids, each a whole number of steps up', () => {
    expect(quickBids(100_00)).toEqual([100_00, 105_00, 115_00]);
    expect(quickBids(48_00)).toEqual([48_00, 49_00, 51_00]);
  });

  it('lets the price cap be the last bid: the step shrinks to what is left, and no quick bid passes it', () => {
    expect(minimumNextBid({ startingBid: 100_00, currentBid: MAX_FILS - 1 })).toBe(MAX_FILS);
    expect(minimumNextBid({ startingBid: 100_00, currentBid: MAX_FILS })).toBe(MAX_FILS);
    expect(quickBids(MAX_FILS - 600_00)).toEqual([MAX_FILS - 600_00, MAX_FILS - 100_00, MAX_FILS]);
    expect(quickBids(MAX_FILS)).toEqual([MAX_FILS]);
    expect([bidCapReached(null), bidCapReached(MAX_FILS - 1), bidCapReached(MAX_FILS)]).toEqual([false, false, true]);
  });
});

describe('bidsLabel', () => {
  it.each([
    [0, '0 bids'],
    [1, '1 bid'],
    [2, '2 bids'],
    [1000, '1,000 bids'],
    [1_204_507, '1,204,507 bids'],
  ])('%i reads "%s"', (n, label) => {
    expect(bidsLabel(n)).toBe(label);
  });
});
