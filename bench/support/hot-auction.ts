/**
 * Bidders on one hot auction, as bench:bids and bench:cluster drive them: each bidder (one per
 * connection, one request in flight) bids the next amount of one rising sequence, so a bid loses
 * only when a rival's higher one overtook it on the way. Afterwards the database is read back:
 * every acknowledged bid must be stored, in rising order, and nothing else.
 *
 * One auction takes at most about 19,000 bids: prices stop at AED 10,000,000 and above AED 25,000
 * each bid is at least AED 500 more. So the bidders move on together to a fresh auction every
 * `PER_AUCTION` bids; there is still one hot auction at a time.
 */
import autocannon from 'autocannon';
import { MSG } from '@souq/shared';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import type { PacedRequest } from './paced-load.js';

/** AED 500 in fils: the largest increment (ADR 0015), so each next amount is a valid bid. */
const STEP = 500_00;
/** Bids per auction before the bidders move on: its last amount stays under the AED 10,000,000 ceiling. */
const PER_AUCTION = 19_000;

/** Auctions enough for `bidsPerSecond` over `seconds`. */
export const auctionsFor = (bidsPerSecond: number, seconds: number) =>
  Math.ceil((bidsPerSecond * seconds) / PER_AUCTION);

export interface BidderContext {
  cookie?: string;
  amount?: number;
  auction?: number;
}

interface HotAuction {
  auctionIds: string[];
  /** The next amount of the one rising sequence, for this bidder (one bidder per connection). */
  nextBid(context: BidderContext): PacedRequest;
  /** One request in flight per connection, so the answer is to the amount it sent last. True when acknowledged as placed. */
  answered(status: number, body: string, context: BidderContext): boolean;
  /** `auction index:amount` of every bid answered as placed. */
  acknowledged: string[];
  /** A bidder who still leads when their next bid arrives raises their own maximum (no bid row at that amount, by design). */
  raised: number;
  /** 4xx: below the new minimum once a rival's bid overtook it. */
  refused: number;
  /** 5xx or anything else. */
  failed: number;
}

export function hotAuction(auctionIds: string[], cookies: string[]): HotAuction {
  let next = 0;
  let nextBidder = 0;
  const hot: HotAuction = {
    auctionIds,
    acknowledged: [],
    raised: 0,
    refused: 0,
    failed: 0,
    nextBid(context) {
      // One bidder per connection: two connections of one person would be bidding against themselves.
      context.cookie ??= cookies[nextBidder++ % cookies.length]!;
      const slot = next++;
      context.auction = Math.floor(slot / PER_AUCTION);
      context.amount = 100_00 + STEP * (slot % PER_AUCTION);
      const auctionId = auctionIds[context.auction];
      if (!auctionId) throw new Error('the bidders ran out of auctions: seed more');
      return {
        path: `/api/auctions/${auctionId}/bids`,
        headers: { 'content-type': 'application/json', cookie: context.cookie },
        body: JSON.stringify({ amount: context.amount }),
      };
    },
    answered(status, body, context) {
      if (status === 201 && (JSON.parse(body) as { message: string }).message === MSG.maxRaised) {
        hot.raised++;
        return false;
      }
      if (status === 201) {
        hot.acknowledged.push(`${context.auction}:${context.amount}`);
        return true;
      }
      if (status >= 400 && status < 500) hot.refused++;
      else hot.failed++;
      return false;
    },
  };
  return hot;
}

export interface ClosedLoopResult {
  requestsPerSecond: number;
  acceptedPerSecond: number;
  /** Acknowledgement time, ms. */
  p50: number;
  p99: number;
  /** Socket errors and timeouts (autocannon's), beside the 5xx counted in `hot.failed`. */
  errors: number;
}

/**
 * A closed loop with autocannon: `bidders` connections, each bidding again as soon as it is
 * answered, for `seconds`, at `url` (a server or the balancer in front of several).
 */
export async function closedLoopBids(
  url: string,
  hot: HotAuction,
  options: { bidders: number; seconds: number },
): Promise<ClosedLoopResult> {
  const acknowledgedBefore = hot.acknowledged.length;
  const result = await autocannon({
    url: `${url}/api/auctions/${hot.auctionIds[0]}/bids`,
    method: 'POST',
    connections: options.bidders,
    pipelining: 1,
    duration: options.seconds,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request, context: BidderContext) => {
          const bid = hot.nextBid(context);
          return {
            ...request,
            path: bid.path,
            headers: { ...request.headers, cookie: context.cookie! },
            body: bid.body,
          };
        },
        onResponse: (status, body, context: BidderContext) => void hot.answered(status, body, context),
      },
    ],
  });
  return {
    requestsPerSecond: result.requests.average,
    acceptedPerSecond: (hot.acknowledged.length - acknowledgedBefore) / options.seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
  };
}

export interface ReadBack {
  /** Bid rows stored on the auctions. */
  stored: number;
  /** Acknowledged but not stored: must be 0. */
  lost: number;
  /** Every auction's bid rows rise with their sequence number. */
  rising: boolean;
  /** Stored without their answer having been counted (in flight when the clock stopped). */
  unacknowledged: number;
}

/** The auctions' bid rows, read back from the database (`env`: the servers' DATABASE_URL/DATA_DIR), against what was acknowledged. */
export async function readBack(env: Record<string, string>, hot: HotAuction): Promise<ReadBack> {
  const souq = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent', SEED_DEMO: 'false' }));
  await souq.jobs.stop();
  const { auctionIds, acknowledged } = hot;
  const rows = await souq.database.db
    .selectFrom('bids')
    .select(['auction_id', 'seq', 'amount'])
    .where('auction_id', 'in', auctionIds)
    .orderBy('auction_id')
    .orderBy('seq')
    .execute();
  await souq.app.close();
  const rising = rows.every(
    (r, i) => i === 0 || r.auction_id !== rows[i - 1]!.auction_id || r.amount > rows[i - 1]!.amount,
  );
  const stored = new Set(rows.map((r) => `${auctionIds.indexOf(r.auction_id)}:${r.amount}`));
  const lost = acknowledged.filter((bid) => !stored.has(bid)).length;
  return { stored: rows.length, lost, rising, unacknowledged: rows.length - (acknowledged.length - lost) };
}
