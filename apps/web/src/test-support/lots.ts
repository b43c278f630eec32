import type { Lot } from '@souq/shared';

/**
 * A show's lot for a test: waiting, 100 AED to start, 30 seconds, a sudden close, no bids yet.
 * `over` sets what the test is about.
 */
export const lotOf = (id: string, over: Partial<Lot> = {}): Lot => ({
  id,
  position: 0,
  status: 'waiting',
  product: { id: `p-${id}`, title: `Lot ${id}`, image: { url: '/w.jpg', thumb: '/w.jpg' } },
  startingBid: 100_00,
  seconds: 30,
  closingStyle: 'sudden',
  seq: 0,
  currentBid: null,
  bidCount: 0,
  minimumBid: 100_00,
  leader: null,
  endsAt: null,
  winner: null,
  clip: null,
  ...over,
});
