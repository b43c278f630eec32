import {
  alreadyHighest,
  MSG,
  SOFT_CLOSE_MS,
  LOT_SOFT_CLOSE_MS,
  bidAtLeast,
  formatAED,
  type BidResult,
  type UserBrief,
} from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { type Settled } from '../../lib/lane-batches.js';
import { resolveBid } from './engine.js';
import { live } from './live.js';
import * as q from './queries.js';

// A batch's decision, in memory: each bid weighed against the auction as the bids before it left it.

/** A bid that has passed its own checks and waits for its auction's batch. */
export interface PendingBid {
  user: UserRow;
  amount: number;
  maxAmount?: number;
  key?: string;
  requestHash: string;
}

export const NONE_REFUSED: ReadonlyMap<string, DomainError> = new Map();

/** The batch was decided before the auction's end but would commit at or after it. */
export class EndPassedBeforeCommit extends Error {}

/**
 * Remembered state refused a bid in a way the write cannot check: closed (another instance's bid
 * may have moved the end) or already leading (another's may have taken the lead).
 */
export class RefusedOnRememberedState extends Error {}

export type AuctionState = q.AuctionWithPeople;

/** What a batch answers, and the auction as it left it. */
export interface Written {
  outcomes: Array<Settled<BidResult>>;
  after: AuctionState;
}

/** One batch's decision in the making: what every bid in it is weighed against and adds to. */
export interface Batch {
  id: string;
  scope: string;
  /** The remembered state it is decided on, if any (else the row read under its lock). */
  known: AuctionState | undefined;
  now: string;
  nowMs: number;
  /** The auction as the bids decided so far leave it. */
  state: AuctionState;
  answered: Map<string, { hash: string; result: BidResult }>;
  refused: ReadonlyMap<string, DomainError>;
  names: Map<string, UserBrief>;
  bidRows: DB['bids'][];
  maxBids: Map<string, DB['auction_max_bids']>;
  /** Who was outbid, and the price that outbid them last. */
  outbid: Map<string, number>;
  idempotent: DB['idempotency_keys'][];
  biddingRefusal: (user: UserRow, now: string) => DomainError | null;
}

export function decide(b: Batch, { user, amount, maxAmount, key, requestHash }: PendingBid): BidResult {
  const { id, scope, known, now, nowMs, state, answered, refused, names, bidRows, maxBids, outbid, idempotent } = b;
  if (key) {
    const prior = answered.get(`${user.id} ${key}`);
    if (prior) {
      if (prior.hash !== requestHash) throw new DomainError('IDEMPOTENCY_KEY_REUSED', MSG.idempotencyKeyReused);
      return prior.result;
    }
  }
  if (state.status !== 'open' || state.ends_at <= now) {
    if (known) throw new RefusedOnRememberedState();
    // A show's lot still on the run sheet has not ended: it has not begun.
    throw new DomainError('CONFLICT', state.status === 'pending' ? MSG.lotNotStarted : MSG.bidClosed);
  }
  // Hidden by staff (issue 31): the listing is gone, so is its bidding.
  if (state.hidden_at !== null) {
    if (known) throw new RefusedOnRememberedState();
    throw new DomainError('CONFLICT', MSG.listingHidden);
  }
  if (state.seller_id === user.id) throw new DomainError('FORBIDDEN', MSG.bidOwnAuction);
  const refusal = b.biddingRefusal(user, now) ?? refused.get(user.id);
  if (refusal) throw refusal;
  const outcome = resolveBid(
    {
      startingBid: state.starting_bid,
      reservePrice: state.reserve_price,
      currentBid: state.current_bid,
      leaderId: state.leader_id,
      leaderMax: state.leader_max,
    },
    { bidderId: user.id, amount, maxAmount },
  );
  if (outcome.kind === 'too-low') {
    const message = bidAtLeast(formatAED(outcome.minimum));
    throw new DomainError('VALIDATION_FAILED', message, { amount: message });
  }
  if (outcome.kind === 'cap-reached')
    throw new DomainError('CONFLICT', MSG.bidCapReached, { amount: MSG.bidCapReached });
  if (outcome.kind === 'max-not-raised') {
    if (known) throw new RefusedOnRememberedState();
    const message = alreadyHighest(formatAED(outcome.currentMax));
    throw new DomainError('VALIDATION_FAILED', message, { amount: message });
  }

  const placed = outcome.bids.length;
  outcome.bids.forEach((b, i) =>
    bidRows.push({
      auction_id: id,
      seq: state.seq + 1 + i,
      bidder_id: b.bidderId,
      amount: b.amount,
      auto: b.auto ? 1 : 0,
      created_at: now,
    }),
  );
  // A show's lot runs for seconds, so its soft close is seconds too (ADR 0036).
  const softMs = state.kind === 'live' ? LOT_SOFT_CLOSE_MS : SOFT_CLOSE_MS;
  if (placed > 0 && state.closing_style === 'soft' && Date.parse(state.ends_at) - nowMs < softMs)
    state.ends_at = new Date(nowMs + softMs).toISOString();
  state.seq += placed;
  state.bid_count += placed;
  state.current_bid = outcome.currentBid;
  state.sort_price = outcome.currentBid;
  state.leader_id = outcome.leaderId;
  state.leader_max = outcome.leaderMax;
  maxBids.set(user.id, {
    auction_id: id,
    bidder_id: user.id,
    max_amount: outcome.bidderMax,
    placed_seq: state.seq,
  });
  if (outcome.outbidId && outcome.outbidId !== user.id) outbid.set(outcome.outbidId, outcome.currentBid);

  const leading = outcome.leaderId === user.id;
  const result: BidResult = {
    auction: live(state, names.get(outcome.leaderId) ?? null),
    leading,
    myMaxBid: outcome.bidderMax,
    message: !leading ? MSG.outbidAtOnce : placed === 0 ? MSG.maxRaised : MSG.bidPlaced,
  };
  if (key) {
    answered.set(`${user.id} ${key}`, { hash: requestHash, result });
    idempotent.push({
      user_id: user.id,
      scope,
      key,
      request_hash: requestHash,
      response: JSON.stringify(result),
      created_at: now,
    });
  }
  return result;
}
