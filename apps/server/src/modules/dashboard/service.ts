import type { Kysely } from 'kysely';
import {
  DASHBOARD_BIDS_LIMIT,
  DASHBOARD_RECENT_AUCTIONS,
  DASHBOARD_RECENT_SHOWS,
  DASHBOARD_STATUSES,
  DASHBOARD_TOP_COUNT,
  MSG,
  type DashboardAuctionBids,
  type DashboardAuctions,
  type DashboardOrdersByStatus,
  type DashboardRange,
  type DashboardSales,
  type DashboardShows,
  type DashboardTopBy,
  type DashboardTopProducts,
} from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { bucketStarts, fillBuckets } from './buckets.js';
import * as q from './queries.js';

export interface DashboardDeps {
  db: Kysely<DB>;
  clock: Clock;
}

export type DashboardService = ReturnType<typeof createDashboardService>;

/** Sums and counts come back as text from PostgreSQL's bigint and numeric. */
const num = (v: number | string | null | undefined) => Number(v ?? 0);

/**
 * The seller's dashboard (issue 32, ADR 0043): each chart's figures for the person asking, who is
 * the seller. It reads other modules' tables and never writes.
 */
export function createDashboardService(deps: DashboardDeps) {
  const { db, clock } = deps;
  return {
    async sales(seller: UserRow, by: DashboardRange): Promise<DashboardSales> {
      const starts = bucketStarts(by, clock.now());
      const rows = await q.salesPerDay(db, seller.id, starts[0]!);
      const buckets = fillBuckets(
        starts,
        rows.map((r) => ({ day: r.day!, figures: { orders: num(r.orders), revenue: num(r.revenue) } })),
        () => ({ orders: 0, revenue: 0 }),
      );
      return { by, buckets };
    },

    async ordersByStatus(seller: UserRow): Promise<DashboardOrdersByStatus> {
      // An order waiting for its address has lines (placed) but stands at "awaiting address": its
      // lines are counted there instead. Cancelled orders have cancelled lines.
      const [byLine, awaiting] = await Promise.all([
        q.ordersByLineStatus(db, seller.id),
        q.awaitingByLineStatus(db, seller.id),
      ]);
      const counts = new Map<string, number>(byLine.map((r) => [r.status, num(r.orders)]));
      let waiting = 0;
      for (const r of awaiting) {
        counts.set(r.status, (counts.get(r.status) ?? 0) - num(r.orders));
        waiting += num(r.orders);
      }
      counts.set('awaiting_address', waiting);
      return { statuses: DASHBOARD_STATUSES.map((status) => ({ status, orders: counts.get(status) ?? 0 })) };
    },

    async topProducts(seller: UserRow, by: DashboardTopBy): Promise<DashboardTopProducts> {
      const rows =
        by === 'views'
          ? await q.topByViews(db, seller.id, DASHBOARD_TOP_COUNT)
          : await q.topByCount(db, seller.id, by === 'likes' ? 'like_count' : 'sold_count', DASHBOARD_TOP_COUNT);
      return { by, products: rows.map((r) => ({ productId: r.id, title: r.title, value: num(r.value) })) };
    },

    async auctions(seller: UserRow): Promise<DashboardAuctions> {
      const [counts, recent] = await Promise.all([
        q.endedCounts(db, seller.id),
        q.recentEnded(db, seller.id, DASHBOARD_RECENT_AUCTIONS),
      ]);
      const of = (status: string) => num(counts.find((c) => c.status === status)?.n);
      return {
        ended: of('sold') + of('unsold'),
        sold: of('sold'),
        recent: recent.map((a) => ({
          id: a.id,
          title: a.title,
          closedAt: a.closed_at ?? '',
          sold: a.status === 'sold',
          startingBid: num(a.starting_bid),
          finalBid: a.current_bid === null ? null : num(a.current_bid),
          bids: num(a.bid_count),
        })),
      };
    },

    /** Another seller's auction, or none, is 404: the answer does not say which. */
    async auctionBids(seller: UserRow, auctionId: string): Promise<DashboardAuctionBids> {
      const auction = await q.ownAuction(db, seller.id, auctionId);
      if (!auction) throw new DomainError('NOT_FOUND', MSG.auctionNotFound);
      const bids = await q.bidsOf(db, auction.id, DASHBOARD_BIDS_LIMIT);
      return {
        id: auction.id,
        title: auction.title,
        startingBid: num(auction.starting_bid),
        bids: bids.map((b) => ({ at: b.created_at, amount: num(b.amount) })),
      };
    },

    async shows(seller: UserRow): Promise<DashboardShows> {
      const shows = await q.recentShows(db, seller.id, DASHBOARD_RECENT_SHOWS);
      if (shows.length === 0) return { shows: [] };
      const ids = shows.map((s) => s.id);
      const [lots, takings] = await Promise.all([q.lotsOf(db, ids), q.takingsOf(db, seller.id, ids)]);
      return {
        shows: shows.map((s) => {
          const lot = lots.find((l) => l.stream_id === s.id);
          return {
            id: s.id,
            title: s.title,
            startedAt: s.started_at,
            peakViewers: num(s.peak_viewers),
            lots: num(lot?.lots),
            lotsSold: num(lot?.sold),
            takings: num(takings.find((t) => t.stream_id === s.id)?.takings),
          };
        }),
      };
    },
  };
}
