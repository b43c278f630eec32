import { bidCapReached, bidIncrement, minimumNextBid } from '@souq/shared';

/**
 * The bid engine: pure rules, no storage. Given an auction's state and one bid, it decides
 * whether the bid stands and what it changes, proxy bidding included (eBay's "automatic
 * bidding"): each bidder may leave a maximum, the server bids for them one step over any rival
 * up to it, a tie goes to the earlier maximum, and the price shown is the runner-up's maximum
 * plus one step, capped at the leader's maximum.
 */
export interface AuctionState {
  startingBid: number;
  reservePrice: number | null;
  currentBid: number | null;
  leaderId: string | null;
  /** The leader's maximum (at least the current bid). */
  leaderMax: number | null;
}

export interface BidAttempt {
  bidderId: string;
  /** What the bidder bids now. */
  amount: number;
  /** The most the server may bid for them; a plain bid is its own maximum. */
  maxAmount?: number;
}

/** A row for the bidders list, in the order it happened. */
export interface PlacedBid {
  bidderId: string;
  amount: number;
  /** Placed by the server from the bidder's maximum. */
  auto: boolean;
}

export type BidOutcome =
  | { kind: 'too-low'; minimum: number }
  | { kind: 'max-not-raised'; currentMax: number }
  /** The price stands at the cap: no bid can beat it. */
  | { kind: 'cap-reached' }
  | {
      kind: 'accepted';
      bids: PlacedBid[];
      currentBid: number;
      leaderId: string;
      leaderMax: number;
      /** The bidder's maximum as it stands now. */
      bidderMax: number;
      /** The leader before this bid, when it lost the lead to it. */
      outbidId: string | null;
    };

/** Once a maximum reaches the reserve, the price rises to the reserve (eBay's rule for reserve auctions). */
function withReserve(price: number, max: number, reserve: number | null): number {
  return reserve !== null && max >= reserve ? Math.max(price, reserve) : price;
}

export function resolveBid(state: AuctionState, bid: BidAttempt): BidOutcome {
  const max = Math.max(bid.amount, bid.maxAmount ?? bid.amount);

  // The leader bidding again raises their own maximum: no bid against themselves.
  if (state.leaderId === bid.bidderId && state.leaderMax !== null && state.currentBid !== null) {
    if (max <= state.leaderMax) return { kind: 'max-not-raised', currentMax: state.leaderMax };
    const price = withReserve(state.currentBid, max, state.reservePrice);
    return {
      kind: 'accepted',
      bids: price > state.currentBid ? [{ bidderId: bid.bidderId, amount: price, auto: false }] : [],
      currentBid: price,
      leaderId: bid.bidderId,
      leaderMax: max,
      bidderMax: max,
      outbidId: null,
    };
  }

  if (bidCapReached(state.currentBid)) return { kind: 'cap-reached' };
  const minimum = minimumNextBid(state);
  if (bid.amount < minimum) return { kind: 'too-low', minimum };

  if (state.leaderId === null || state.leaderMax === null) {
    const price = withReserve(bid.amount, max, state.reservePrice);
    return {
      kind: 'accepted',
      bids: [{ bidderId: bid.bidderId, amount: price, auto: false }],
      currentBid: price,
      leaderId: bid.bidderId,
      leaderMax: max,
      bidderMax: max,
      outbidId: null,
    };
  }

  const rivalMax = state.leaderMax;
  if (max > rivalMax) {
    // The new bidder leads: one step over the old leader's maximum, or their own bid if higher.
    const price = withReserve(
      Math.max(bid.amount, Math.min(max, rivalMax + bidIncrement(rivalMax))),
      max,
      state.reservePrice,
    );
    const bids: PlacedBid[] = [];
    // The old leader's maximum was spent in full before it was beaten; the list shows it.
    if (state.currentBid !== null && rivalMax > state.currentBid)
      bids.push({ bidderId: state.leaderId, amount: rivalMax, auto: true });
    bids.push({ bidderId: bid.bidderId, amount: price, auto: false });
    return {
      kind: 'accepted',
      bids,
      currentBid: price,
      leaderId: bid.bidderId,
      leaderMax: max,
      bidderMax: max,
      outbidId: state.leaderId,
    };
  }

  // The leader's maximum answers at once: one step over the new bid, capped at that maximum. A tie
  // goes to the earlier maximum, which is the leader's.
  const answer = Math.min(rivalMax, max + bidIncrement(max));
  const bids: PlacedBid[] = [{ bidderId: bid.bidderId, amount: max, auto: false }];
  if (answer > max) bids.push({ bidderId: state.leaderId, amount: answer, auto: true });
  return {
    kind: 'accepted',
    bids,
    currentBid: Math.max(answer, max),
    leaderId: state.leaderId,
    leaderMax: rivalMax,
    bidderMax: max,
    outbidId: null,
  };
}

/** Whether the hammer price meets the seller's reserve (always, without one). */
export function reserveMet(currentBid: number | null, reservePrice: number | null): boolean {
  return currentBid !== null && (reservePrice === null || currentBid >= reservePrice);
}
