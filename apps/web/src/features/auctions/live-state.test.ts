import { describe, expect, it } from 'vitest';
import type { AuctionDetail, AuctionLive, AuctionUpdate, BidEntry, UserBrief } from '@souq/shared';
import { applyBidResult, mergeBids, stepAuction, verdictOf } from './live-state';

const alice: UserBrief = { id: 'alice', username: 'alice', profilePic: '' };
const bob: UserBrief = { id: 'bob', username: 'bob', profilePic: '' };
const END = '2026-11-21T10:15:00.000Z';

const live = (seq: number, over: Partial<AuctionLive> = {}): AuctionLive => ({
  id: 'a1',
  seq,
  currentBid: 100_00 + seq * 5_00,
  bidCount: seq,
  minimumBid: 105_00 + seq * 5_00,
  endsAt: END,
  status: 'open',
  leader: alice,
  reserveMet: true,
  ...over,
});
const bid = (seq: number, bidder = alice): BidEntry => ({
  seq,
  bidder,
  amount: 100_00 + seq * 5_00,
  auto: false,
  createdAt: '2026-11-21T10:00:00.000Z',
});
const update = (auction: AuctionLive, bids: BidEntry[], reason: AuctionUpdate['reason'] = 'bid'): AuctionUpdate => ({
  auction,
  bids,
  reason,
  serverTime: END,
});

const detail = (seq: number, over: Partial<AuctionDetail> = {}): AuctionDetail => ({
  ...live(seq),
  productId: 'p1',
  title: 'Omega',
  category: 'Watches',
  image: { url: '', thumb: '' },
  startingBid: 100_00,
  startsAt: '2026-11-21T10:00:00.000Z',
  seller: bob,
  description: null,
  images: [],
  closingStyle: 'soft',
  hasReserve: false,
  serverTime: END,
  isOwner: false,
  myMaxBid: null,
  amLeading: false,
  order: null,
  secondChance: null,
  runnerUp: null,
  canCancel: false,
  canRelist: false,
  hidden: null,
  ...over,
});

describe('sequence numbers on auction events', () => {
  it('applies the next event, ignores one already seen, and calls a jump a gap', () => {
    expect(verdictOf(4, update(live(5), [bid(5)]))).toBe('apply');
    expect(verdictOf(5, update(live(5), [bid(5)]))).toBe('stale');
    expect(verdictOf(7, update(live(5), [bid(5)]))).toBe('stale');
    expect(verdictOf(4, update(live(6), [bid(6)]))).toBe('gap');
  });

  it('counts every bid in an event: a proxy answer brings two rows and moves the number by two', () => {
    expect(verdictOf(4, update(live(6), [bid(5, bob), bid(6)]))).toBe('apply');
    expect(verdictOf(3, update(live(6), [bid(5, bob), bid(6)]))).toBe('gap');
  });

  it('treats a close (no bids) as one step', () => {
    expect(verdictOf(6, update(live(7, { status: 'sold' }), [], 'closed'))).toBe('apply');
    expect(verdictOf(5, update(live(7, { status: 'sold' }), [], 'closed'))).toBe('gap');
  });

  it('applies an event to the page’s copy: who leads, whether the seller may still cancel', () => {
    const step = stepAuction(
      detail(4, { isOwner: true, canCancel: true }),
      update(live(5, { leader: bob }), [bid(5, bob)]),
      'bob',
    );
    expect(step.kind).toBe('apply');
    if (step.kind !== 'apply') return;
    expect(step.detail).toMatchObject({
      seq: 5,
      currentBid: live(5).currentBid,
      amLeading: true,
      canCancel: false,
      title: 'Omega',
    });
    expect(step.extendedTo).toBeNull();
  });

  it('announces a soft-close extension when a late bid moves the end later', () => {
    const later = '2026-11-21T10:16:30.000Z';
    const step = stepAuction(detail(4), update(live(5, { endsAt: later }), [bid(5)]), null);
    expect(step.kind === 'apply' && step.extendedTo).toBe(later);
  });

  it('does not let the answer to our own bid undo a newer event', () => {
    const current = detail(8);
    const answer = { auction: live(6), leading: true, myMaxBid: 150_00, message: 'ok' };
    const { detail: after, extendedTo } = applyBidResult(current, answer, 'alice');
    expect(after.seq).toBe(8);
    expect(after.myMaxBid).toBe(150_00);
    expect(extendedTo).toBeNull();
    expect(applyBidResult(detail(5), answer, 'alice').detail).toMatchObject({ seq: 6, amLeading: true });
  });

  it('puts new bids in front of the list once each, newest first', () => {
    const list = [bid(3), bid(2), bid(1)];
    expect(mergeBids(list, [bid(4, bob), bid(5)]).map((b) => b.seq)).toEqual([5, 4, 3, 2, 1]);
    expect(mergeBids(list, [bid(3)])).toBe(list);
  });
});
