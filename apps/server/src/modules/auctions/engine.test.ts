import { describe, expect, it } from 'vitest';
import { MAX_FILS } from '@souq/shared';
import { resolveBid, type AuctionState, type BidAttempt, type BidOutcome } from './engine.js';

const AED = (n: number) => Math.round(n * 100);
const fresh = (startingBid: number, reservePrice: number | null = null): AuctionState => ({
  startingBid,
  reservePrice,
  currentBid: null,
  leaderId: null,
  leaderMax: null,
});

/** Plays bids one after another, as the database serializes them, and keeps the accepted state. */
function play(state: AuctionState, bids: BidAttempt[]): { state: AuctionState; outcomes: BidOutcome[] } {
  const outcomes: BidOutcome[] = [];
  for (const bid of bids) {
    const outcome = resolveBid(state, bid);
    outcomes.push(outcome);
    if (outcome.kind === 'accepted')
      state = { ...state, currentBid: outcome.currentBid, leaderId: outcome.leaderId, leaderMax: outcome.leaderMax };
  }
  return { state, outcomes };
}

describe('bid engine: plain bids', () => {
  it('takes the first bid at or above the starting bid, then bids at least one step up', () => {
    const { state, outcomes } = play(fresh(AED(100)), [
      { bidderId: 'a', amount: AED(99) },
      { bidderId: 'a', amount: AED(100) },
      { bidderId: 'b', amount: AED(104) },
      { bidderId: 'b', amount: AED(105) },
    ]);
    expect(outcomes.map((o) => o.kind)).toEqual(['too-low', 'accepted', 'too-low', 'accepted']);
    expect(outcomes[0]).toEqual({ kind: 'too-low', minimum: AED(100) });
    expect(outcomes[2]).toEqual({ kind: 'too-low', minimum: AED(105) });
    expect(state).toMatchObject({ currentBid: AED(105), leaderId: 'b', leaderMax: AED(105) });
  });

  it('reports who lost the lead', () => {
    const { outcomes } = play(fresh(AED(10)), [
      { bidderId: 'a', amount: AED(10) },
      { bidderId: 'b', amount: AED(20) },
    ]);
    expect(outcomes[1]).toMatchObject({
      kind: 'accepted',
      outbidId: 'a',
      bids: [{ bidderId: 'b', amount: AED(20), auto: false }],
    });
  });
});

describe('bid engine: maximum (proxy) bids, after eBay’s automatic bidding examples', () => {
  // eBay: "you bid a maximum of $20 on an item at $10; another bids $15; the system bids $15.50 for you…"
  // — the same story in AED, with Souq's steps (AED 1 below AED 50).
  it('bids for the leader one step over a rival, up to the leader’s maximum', () => {
    const { state, outcomes } = play(fresh(AED(10)), [
      { bidderId: 'a', amount: AED(10), maxAmount: AED(20) },
      { bidderId: 'b', amount: AED(15) },
    ]);
    expect(outcomes[0]).toMatchObject({
      kind: 'accepted',
      currentBid: AED(10),
      bids: [{ bidderId: 'a', amount: AED(10), auto: false }],
    });
    expect(outcomes[1]).toMatchObject({
      kind: 'accepted',
      bids: [
        { bidderId: 'b', amount: AED(15), auto: false },
        { bidderId: 'a', amount: AED(16), auto: true },
      ],
      leaderId: 'a',
      outbidId: null,
    });
    expect(state).toMatchObject({ currentBid: AED(16), leaderId: 'a', leaderMax: AED(20) });
  });

  it('a higher maximum takes the lead at the runner-up’s maximum plus one step; the old maximum shows in full', () => {
    const { state, outcomes } = play(fresh(AED(10)), [
      { bidderId: 'a', amount: AED(10), maxAmount: AED(20) },
      { bidderId: 'b', amount: AED(15) },
      { bidderId: 'c', amount: AED(17), maxAmount: AED(30) },
    ]);
    expect(outcomes[2]).toMatchObject({
      kind: 'accepted',
      bids: [
        { bidderId: 'a', amount: AED(20), auto: true },
        { bidderId: 'c', amount: AED(21), auto: false },
      ],
      outbidId: 'a',
    });
    expect(state).toMatchObject({ currentBid: AED(21), leaderId: 'c', leaderMax: AED(30) });
  });

  it('caps the price at the leader’s maximum', () => {
    const { state } = play(fresh(AED(100)), [
      { bidderId: 'a', amount: AED(100), maxAmount: AED(102) },
      { bidderId: 'b', amount: AED(105), maxAmount: AED(200) },
    ]);
    // 102 + one step (5) = 107 ≤ 200: the price is 107.
    expect(state).toMatchObject({ currentBid: AED(107), leaderId: 'b' });
    const capped = play(fresh(AED(100)), [
      { bidderId: 'a', amount: AED(100), maxAmount: AED(150) },
      { bidderId: 'b', amount: AED(105), maxAmount: AED(152) },
    ]);
    // 150 + 5 = 155 > 152: capped at b's maximum.
    expect(capped.state).toMatchObject({ currentBid: AED(152), leaderId: 'b' });
  });

  it('a tie goes to the earlier maximum, at that maximum', () => {
    const { state, outcomes } = play(fresh(AED(10)), [
      { bidderId: 'a', amount: AED(10), maxAmount: AED(40) },
      { bidderId: 'b', amount: AED(40) },
    ]);
    expect(outcomes[1]).toMatchObject({
      kind: 'accepted',
      bids: [{ bidderId: 'b', amount: AED(40), auto: false }],
      leaderId: 'a',
    });
    expect(state).toMatchObject({ currentBid: AED(40), leaderId: 'a' });
  });

  it('a bid over the leader’s maximum but under one step above it still leads, at the bid', () => {
    const { state } = play(fresh(AED(10)), [
      { bidderId: 'a', amount: AED(10), maxAmount: AED(40) },
      { bidderId: 'b', amount: AED(41) },
    ]);
    expect(state).toMatchObject({ currentBid: AED(41), leaderId: 'b' });
  });

  it('the leader raises their maximum without bidding against themselves; a lower one is refused', () => {
    const { state, outcomes } = play(fresh(AED(10)), [
      { bidderId: 'a', amount: AED(10) },
      { bidderId: 'a', amount: AED(11), maxAmount: AED(50) },
      { bidderId: 'a', amount: AED(30) },
    ]);
    expect(outcomes[1]).toMatchObject({ kind: 'accepted', bids: [], currentBid: AED(10), leaderMax: AED(50) });
    expect(outcomes[2]).toEqual({ kind: 'max-not-raised', currentMax: AED(50) });
    expect(state).toMatchObject({ currentBid: AED(10), leaderId: 'a', leaderMax: AED(50) });
  });

  it('prices strictly increase along every accepted bid row', () => {
    const bids: BidAttempt[] = [];
    for (let i = 0; i < 200; i++) {
      const bidder = `u${i % 7}`;
      bids.push({ bidderId: bidder, amount: AED(10 + i * 3), maxAmount: i % 3 === 0 ? AED(10 + i * 5) : undefined });
    }
    const { outcomes } = play(fresh(AED(10)), bids);
    const rows = outcomes.flatMap((o) => (o.kind === 'accepted' ? o.bids : []));
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.amount).toBeGreaterThan(rows[i - 1]!.amount);
  });
});

describe('bid engine: reserve price', () => {
  it('a maximum that reaches the reserve lifts the price to the reserve', () => {
    const { state, outcomes } = play(fresh(AED(100), AED(500)), [
      { bidderId: 'a', amount: AED(100), maxAmount: AED(600) },
    ]);
    expect(outcomes[0]).toMatchObject({ kind: 'accepted', bids: [{ bidderId: 'a', amount: AED(500), auto: false }] });
    expect(state.currentBid).toBe(AED(500));
  });

  it('below the reserve the price stays where the bids put it', () => {
    const { state } = play(fresh(AED(100), AED(500)), [{ bidderId: 'a', amount: AED(100), maxAmount: AED(400) }]);
    expect(state.currentBid).toBe(AED(100));
  });

  it('the leader raising their maximum past the reserve lifts the price to it', () => {
    const { state, outcomes } = play(fresh(AED(100), AED(500)), [
      { bidderId: 'a', amount: AED(100) },
      { bidderId: 'a', amount: AED(100), maxAmount: AED(550) },
    ]);
    expect(outcomes[1]).toMatchObject({ kind: 'accepted', bids: [{ bidderId: 'a', amount: AED(500), auto: false }] });
    expect(state.currentBid).toBe(AED(500));
  });
});

describe('bid engine: the price cap', () => {
  it('takes a bid up to the cap even when a whole step would pass it, then refuses everyone but the leader raising nothing', () => {
    const { state, outcomes } = play(fresh(AED(100)), [
      { bidderId: 'a', amount: MAX_FILS - 1 },
      { bidderId: 'b', amount: MAX_FILS },
      { bidderId: 'c', amount: MAX_FILS },
      { bidderId: 'a', amount: MAX_FILS },
      { bidderId: 'b', amount: MAX_FILS },
    ]);
    expect(outcomes.map((o) => o.kind)).toEqual([
      'accepted',
      'accepted',
      'cap-reached',
      'cap-reached',
      'max-not-raised',
    ]);
    expect(state).toMatchObject({ currentBid: MAX_FILS, leaderId: 'b' });
  });

  it('a maximum at the cap answered by a rival’s bid at the cap keeps the earlier maximum in the lead', () => {
    const { state, outcomes } = play(fresh(AED(100)), [
      { bidderId: 'a', amount: AED(100), maxAmount: MAX_FILS },
      { bidderId: 'b', amount: MAX_FILS },
      { bidderId: 'c', amount: MAX_FILS },
    ]);
    expect(outcomes.map((o) => o.kind)).toEqual(['accepted', 'accepted', 'cap-reached']);
    expect(state).toMatchObject({ currentBid: MAX_FILS, leaderId: 'a' });
  });
});
