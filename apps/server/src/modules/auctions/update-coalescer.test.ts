import type { AuctionUpdate } from '@souq/shared';
import { describe, expect, it } from 'vitest';
import { coalesceChanges, mergeRuns } from './update-coalescer.js';

const bid = (seq: number, amount = seq * 100) => ({
  seq,
  amount,
  auto: false,
  createdAt: `t${seq}`,
  bidder: { id: `u${seq}`, username: `u${seq}`, profilePic: '' },
});

function change(auctionId: string, seq: number, reason: AuctionUpdate['reason'], bidSeqs: number[] = []) {
  const update = {
    auction: { id: auctionId, seq } as AuctionUpdate['auction'],
    bids: bidSeqs.map((s) => bid(s)),
    reason,
    serverTime: `t${seq}`,
  };
  return { auctionId, update };
}

describe('merging a turn’s auction changes', () => {
  it('makes one update of consecutive bids, with the latest state and every bid row in order', () => {
    const merged = mergeRuns([change('a', 1, 'bid', [1]), change('a', 3, 'bid', [2, 3]), change('a', 4, 'bid', [4])]);
    expect(merged).toHaveLength(1);
    expect(merged[0]!.update.auction.seq).toBe(4);
    expect(merged[0]!.update.serverTime).toBe('t4');
    expect(merged[0]!.update.bids.map((b) => b.seq)).toEqual([1, 2, 3, 4]);
  });

  it('keeps auctions apart, a close after the bids, and a run broken by a missing number', () => {
    const merged = mergeRuns([
      change('a', 1, 'bid', [1]),
      change('b', 7, 'bid', [7]),
      change('a', 2, 'bid', [2]),
      change('a', 3, 'closed'),
      change('b', 9, 'bid', [9]),
    ]);
    expect(
      merged.map((e) => [e.auctionId, e.update.reason, e.update.auction.seq, e.update.bids.map((b) => b.seq)]),
    ).toEqual([
      ['a', 'bid', 2, [1, 2]],
      ['b', 'bid', 7, [7]],
      ['a', 'closed', 3, []],
      ['b', 'bid', 9, [9]],
    ]);
  });

  it('publishes on the next turn, once for what arrived together', async () => {
    const published: Array<{ auctionId: string; update: AuctionUpdate }> = [];
    const publish = coalesceChanges((e: { auctionId: string; update: AuctionUpdate }) => published.push(e));
    publish(change('a', 1, 'bid', [1]));
    publish(change('a', 2, 'bid', [2]));
    expect(published).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(published.map((e) => e.update.bids.length)).toEqual([2]);
    publish(change('a', 3, 'bid', [3]));
    await new Promise((resolve) => setImmediate(resolve));
    expect(published.map((e) => e.update.auction.seq)).toEqual([2, 3]);
  });
});
