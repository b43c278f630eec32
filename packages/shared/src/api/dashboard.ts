import { z } from 'zod';
import { MSG } from '../messages.js';
import { Timestamp } from './scalars.js';

/**
 * The seller's dashboard (issue 32, ADR 0043): one answer per chart, each the caller's own
 * figures. Amounts are fils; days are Gulf days (`YYYY-MM-DD`, UTC+4); instants are ISO (UTC).
 */

/** Sales buckets: the last 30 Gulf days, 12 weeks (Monday to Sunday) or 12 calendar months. */
export const DASHBOARD_RANGES = ['day', 'week', 'month'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DASHBOARD_BUCKETS: Record<DashboardRange, number> = { day: 30, week: 12, month: 12 };

/** Best products by page views (last 30 days), likes or units sold (both all time). */
export const DASHBOARD_TOP_BY = ['views', 'likes', 'sales'] as const;
export type DashboardTopBy = (typeof DASHBOARD_TOP_BY)[number];
/** How many products the best-products chart shows, and over how many days views are summed. */
export const DASHBOARD_TOP_COUNT = 10;
export const DASHBOARD_VIEW_DAYS = 30;
/** Ended auctions shown one by one (hammer against starting bid), newest first; and shows. */
export const DASHBOARD_RECENT_AUCTIONS = 20;
export const DASHBOARD_RECENT_SHOWS = 12;
/** Bids drawn for one auction: an auction with more shows its first this many. */
export const DASHBOARD_BIDS_LIMIT = 1000;

/**
 * What the seller's part of an order stands at: the order's status until it is placed (a won
 * order waiting for its address) or once it is cancelled, the seller's fulfilment status between.
 */
export const DASHBOARD_STATUSES = [
  'awaiting_address',
  'placed',
  'confirmed',
  'shipped',
  'delivered',
  'cancelled',
] as const;
export type DashboardStatus = (typeof DASHBOARD_STATUSES)[number];

export const SalesQuerySchema = z.object({
  by: z
    .enum(DASHBOARD_RANGES, { error: MSG.dashboardRange })
    .default('day')
    .describe(
      'The buckets: `day` (the last 30 Gulf days), `week` (the last 12 weeks, Monday to Sunday) or `month` (the last 12 calendar months); `day` when omitted.',
    ),
});

export const SalesSchema = z.object({
  by: z.enum(DASHBOARD_RANGES),
  /** Oldest first, every bucket present (zeros included); `start` is the bucket's first Gulf day. */
  buckets: z.array(z.object({ start: z.string(), orders: z.number().int(), revenue: z.number().int() })),
});
export type DashboardSales = z.output<typeof SalesSchema>;

export const OrdersByStatusSchema = z.object({
  /** Every status, in DASHBOARD_STATUSES order, zeros included. */
  statuses: z.array(z.object({ status: z.enum(DASHBOARD_STATUSES), orders: z.number().int() })),
});
export type DashboardOrdersByStatus = z.output<typeof OrdersByStatusSchema>;

export const TopProductsQuerySchema = z.object({
  by: z
    .enum(DASHBOARD_TOP_BY, { error: MSG.dashboardTopBy })
    .default('views')
    .describe(
      'What ranks the products: `views` (page views over the last 30 days), `likes` or `sales` (units sold); `views` when omitted.',
    ),
});

export const TopProductsSchema = z.object({
  by: z.enum(DASHBOARD_TOP_BY),
  /** Best first, at most DASHBOARD_TOP_COUNT, only products with a figure above zero. */
  products: z.array(z.object({ productId: z.string(), title: z.string(), value: z.number().int() })),
});
export type DashboardTopProducts = z.output<typeof TopProductsSchema>;

export const DashboardAuctionSchema = z.object({
  id: z.string(),
  title: z.string(),
  closedAt: Timestamp,
  sold: z.boolean(),
  startingBid: z.number().int(),
  /** The winning bid when sold; the highest bid when not (below the reserve), null with no bids. */
  finalBid: z.number().int().nullable(),
  bids: z.number().int(),
});

export const AuctionsSummarySchema = z.object({
  /** Every ended auction (timed and show lots): sold or not sold; cancelled ones are left out. */
  ended: z.number().int(),
  sold: z.number().int(),
  /** Newest first, at most DASHBOARD_RECENT_AUCTIONS. */
  recent: z.array(DashboardAuctionSchema),
});
export type DashboardAuctions = z.output<typeof AuctionsSummarySchema>;
export type DashboardAuction = z.output<typeof DashboardAuctionSchema>;

export const AuctionBidsSchema = z.object({
  id: z.string(),
  title: z.string(),
  startingBid: z.number().int(),
  /** In the order they were placed (at most DASHBOARD_BIDS_LIMIT). */
  bids: z.array(z.object({ at: Timestamp, amount: z.number().int() })),
});
export type DashboardAuctionBids = z.output<typeof AuctionBidsSchema>;

export const ShowsSummarySchema = z.object({
  /** Live and ended shows, newest first, at most DASHBOARD_RECENT_SHOWS. */
  shows: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      startedAt: Timestamp,
      peakViewers: z.number().int(),
      lots: z.number().int(),
      lotsSold: z.number().int(),
      /** The host's lines in the show's orders (lots won and Buy It Now), not cancelled, before VAT. */
      takings: z.number().int(),
    }),
  ),
});
export type DashboardShows = z.output<typeof ShowsSummarySchema>;
