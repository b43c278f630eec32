import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

/**
 * The dashboard's reads (ADR 0043): other modules' tables, read only, always bound to one seller
 * and to a bounded range or a LIMIT, each by an index (migration 221 added the missing ones).
 */

/** The Gulf day (`YYYY-MM-DD`, UTC+4) of a stored ISO instant, in each database's words. */
const gulfDayOf = (dialect: DialectName, column: RawBuilder<unknown>): RawBuilder<string> =>
  dialect === 'postgres'
    ? // `timestamp` (without zone) reads the ISO text's fields and ignores its Z: they are UTC.
      sql<string>`to_char(${column}::timestamp + interval '4 hours', 'YYYY-MM-DD')`
    : sql<string>`date(${column}, '+4 hours')`;

/**
 * What the seller's part of an order stands at: the order's own status while it waits for its
 * address or once it is cancelled, the seller's fulfilment status between (as the CSV export).
 */
const partStatus = sql<string>`case when orders.status = 'placed' then order_lines.status else orders.status end`;

/** The seller's lines that are a sale: neither the order nor the seller's part cancelled. */
const sellerLines = (db: Kysely<DB>, sellerId: string) =>
  db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .where('order_lines.seller_id', '=', sellerId);

/** Orders (distinct) and revenue (line totals, before VAT) per Gulf day, for orders placed since `from`. */
export const salesPerDay = (db: Kysely<DB>, dialect: DialectName, sellerId: string, from: string) =>
  sellerLines(db, sellerId)
    .select((eb) => [
      gulfDayOf(dialect, sql.ref('orders.created_at')).as('day'),
      eb.fn.count<number | string>('orders.id').distinct().as('orders'),
      eb.fn.sum<number | string>('order_lines.line_total').as('revenue'),
    ])
    .where('orders.created_at', '>=', from)
    .where('orders.status', '!=', 'cancelled')
    .where('order_lines.status', '!=', 'cancelled')
    .groupBy(sql`1`)
    .execute();

/** The seller's orders per status of their part (an order with two of their lines counts once per status). */
export const ordersByStatus = (db: Kysely<DB>, sellerId: string) =>
  sellerLines(db, sellerId)
    .select((eb) => [partStatus.as('status'), eb.fn.count<number | string>('orders.id').distinct().as('orders')])
    .groupBy(sql`1`)
    .execute();

/** Page views per product since `fromDay`, best ten, from the counters' seller index alone. */
export const topByViews = (db: Kysely<DB>, sellerId: string, fromDay: string, limit: number) =>
  db
    .selectFrom((eb) =>
      eb
        .selectFrom('product_view_days')
        .select((e) => ['product_id', e.fn.sum<number | string>('views').as('value')])
        .where('seller_id', '=', sellerId)
        .where('day', '>=', fromDay)
        .groupBy('product_id')
        .as('v'),
    )
    .innerJoin('products', 'products.id', 'v.product_id')
    .select(['products.id', 'products.title', 'v.value'])
    .orderBy('v.value', 'desc')
    .orderBy('products.id')
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
    .groupBy('status')
    .execute();

/** The seller's latest ended auctions, newest close first. */
export const recentEnded = (db: Kysely<DB>, sellerId: string, limit: number) =>
  db
    .selectFrom('auctions')
    .select(['id', 'title', 'closed_at', 'status', 'starting_bid', 'current_bid', 'bid_count'])
    .where('seller_id', '=', sellerId)
    .where('status', 'in', ['sold', 'unsold'])
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
