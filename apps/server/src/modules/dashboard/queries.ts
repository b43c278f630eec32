import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/**
 * The dashboard's reads (ADR 0043): other modules' tables, read only, always bound to one seller
 * and to a bounded range or a LIMIT, each by an index (migration 221 added the missing ones).
 */

/**
 * Orders (distinct) and revenue (line totals, before VAT) per Gulf day since `fromDay`, of the
 * seller's lines that are a sale: not cancelled (an order's cancel cancels its lines). One range
 * of the (seller, day) index, read without the rows.
 */
export const salesPerDay = (db: Kysely<DB>, sellerId: string, fromDay: string) =>
  db
    .selectFrom('order_lines')
    .select((eb) => [
      'sale_day as day',
      eb.fn.count<number | string>('order_id').distinct().as('orders'),
      eb.fn.sum<number | string>('line_total').as('revenue'),
    ])
    .where('seller_id', '=', sellerId)
    .where('sale_day', '>=', fromDay)
    .where('status', '!=', 'cancelled')
    .groupBy('sale_day')
    .execute();

/**
 * The seller's orders per fulfilment status of their lines (an order with lines in two statuses
 * counts in each). Distinct orders by grouping (status, order_id) first, which runs in the index's
 * own order, rather than COUNT(DISTINCT), which SQLite sorts again per status.
 */
export const ordersByLineStatus = (db: Kysely<DB>, sellerId: string) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom('order_lines')
        .select(['status', 'order_id'])
        .where('seller_id', '=', sellerId)
        .groupBy(['status', 'order_id'])
        .as('parts'),
    )
    .select((eb) => ['parts.status', eb.fn.countAll<number | string>().as('orders')])
    .groupBy('parts.status')
    .execute();

/**
 * The same, for the seller's orders still waiting for their address (won, not yet placed): few
 * at any time, found by the orders' (status, deadline) index. A cross join because SQLite keeps
 * its tables in that order: with an inner join it walked all of the seller's lines and looked each
 * order up (19 ms of the chart's 31 at 20,000 lines), where the few waiting orders each find their
 * lines by (seller_id, order_id). PostgreSQL plans a cross join with conditions as an inner join.
 */
export const awaitingByLineStatus = (db: Kysely<DB>, sellerId: string) =>
  db
    .selectFrom('orders')
    .crossJoin('order_lines')
    .select((eb) => ['order_lines.status', eb.fn.count<number | string>('orders.id').distinct().as('orders')])
    .where('orders.status', '=', 'awaiting_address')
    .whereRef('order_lines.order_id', '=', 'orders.id')
    .where('order_lines.seller_id', '=', sellerId)
    .groupBy('order_lines.status')
    .execute();

/** The seller's products with the most views over the last 30 days, from the kept totals' (seller, views) index. */
export const topByViews = (db: Kysely<DB>, sellerId: string, limit: number) =>
  db
    .selectFrom('product_view_totals')
    .innerJoin('products', 'products.id', 'product_view_totals.product_id')
    .select(['products.id', 'products.title', 'product_view_totals.views as value'])
    .where('product_view_totals.seller_id', '=', sellerId)
    .where('product_view_totals.views', '>', 0)
    .orderBy('product_view_totals.views', 'desc')
    .orderBy('product_view_totals.product_id', 'desc')
    .limit(limit)
    .execute();

/** The seller's products with the most likes or units sold (kept counts), by the (owner, count) indexes. */
export const topByCount = (db: Kysely<DB>, sellerId: string, column: 'like_count' | 'sold_count', limit: number) =>
  db
    .selectFrom('products')
    .select(['id', 'title', `${column} as value`])
    .where('owner_id', '=', sellerId)
    .where(column, '>', 0)
    .orderBy(column, 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();

/** How many of the seller's auctions ended sold and unsold. */
export const endedCounts = (db: Kysely<DB>, sellerId: string) =>
  db
    .selectFrom('auctions')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
    .where('seller_id', '=', sellerId)
    .where('status', 'in', ['sold', 'unsold'])
    // A rehearsal's lots (issue 47) sold nothing: they count in no figure.
    .where('rehearsal', '=', 0)
    .groupBy('status')
    .execute();

/** The seller's latest ended auctions, newest close first. */
export const recentEnded = (db: Kysely<DB>, sellerId: string, limit: number) =>
  db
    .selectFrom('auctions')
    .select(['id', 'title', 'closed_at', 'status', 'starting_bid', 'current_bid', 'bid_count'])
    .where('seller_id', '=', sellerId)
    .where('status', 'in', ['sold', 'unsold'])
    .where('rehearsal', '=', 0)
    .orderBy('closed_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** One auction, only if this seller's: another's reads as none (404). */
export const ownAuction = (db: Kysely<DB>, sellerId: string, id: string) =>
  db
    .selectFrom('auctions')
    .select(['id', 'title', 'starting_bid'])
    .where('id', '=', id)
    .where('seller_id', '=', sellerId)
    .executeTakeFirst();

/** An auction's bids in the order they were placed (the bids' primary key). */
export const bidsOf = (db: Kysely<DB>, auctionId: string, limit: number) =>
  db
    .selectFrom('bids')
    .select(['created_at', 'amount'])
    .where('auction_id', '=', auctionId)
    .orderBy('seq')
    .limit(limit)
    .execute();

/** The host's latest shows that went live. */
export const recentShows = (db: Kysely<DB>, hostId: string, limit: number) =>
  db
    .selectFrom('streams')
    .select(['id', 'title', 'started_at', 'peak_viewers'])
    .where('host_id', '=', hostId)
    .where('status', 'in', ['live', 'ended'])
    .where('rehearsal_pace', 'is', null)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** Lots per show, and how many sold. */
export const lotsOf = (db: Kysely<DB>, streamIds: string[]) =>
  db
    .selectFrom('auctions')
    .select((eb) => [
      'stream_id',
      eb.fn.countAll<number | string>().as('lots'),
      eb.fn.sum<number | string>(eb.case().when('status', '=', 'sold').then(1).else(0).end()).as('sold'),
    ])
    .where('stream_id', 'in', streamIds)
    .where('kind', '=', 'live')
    .groupBy('stream_id')
    .execute();

/** The host's takings per show: their lines in the show's orders, not cancelled, before VAT. */
export const takingsOf = (db: Kysely<DB>, hostId: string, streamIds: string[]) =>
  db
    .selectFrom('orders')
    .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .select((eb) => ['orders.stream_id', eb.fn.sum<number | string>('order_lines.line_total').as('takings')])
    .where('orders.stream_id', 'in', streamIds)
    .where('order_lines.seller_id', '=', hostId)
    .where('orders.status', '!=', 'cancelled')
    .where('order_lines.status', '!=', 'cancelled')
    .groupBy('orders.stream_id')
    .execute();
