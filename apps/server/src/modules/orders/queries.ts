import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * A won sale's order before the buyer gives an address (an auction's, a show's): cash on delivery,
 * the address left blank until then, VAT as priced by the caller.
 */
export function awaitingAddressOrder(order: {
  id: string;
  buyerId: string;
  idempotencyKey: string;
  subtotal: number;
  vat: number;
  createdAt: string;
  auctionId: string | null;
  streamId?: string;
  /** The deadline for the address (issue 31): WIN_COMPLETE_HOURS after the win. */
  completeBy?: string;
}): Insertable<DB['orders']> {
  return {
    id: order.id,
    buyer_id: order.buyerId,
    idempotency_key: order.idempotencyKey,
    status: 'awaiting_address',
    payment_method: 'cash_on_delivery',
    subtotal: order.subtotal,
    vat: order.vat,
    total: order.subtotal + order.vat,
    emirate: '',
    area: '',
    street: '',
    phone: '',
    created_at: order.createdAt,
    auction_id: order.auctionId,
    ...(order.streamId !== undefined && { stream_id: order.streamId }),
    request_hash: null,
    complete_by: order.completeBy ?? null,
  };
}

export const insertOrder = (db: Db, row: Insertable<DB['orders']>) => db.insertInto('orders').values(row).execute();
export const insertLines = (db: Db, rows: Insertable<DB['order_lines']>[]) =>
  db.insertInto('order_lines').values(rows).execute();

/** Gives an auction's order its delivery address, once: only while it is still waiting for one. */
export async function setAddress(
  db: Db,
  orderId: string,
  buyerId: string,
  address: { emirate: string; area: string; street: string; phone: string },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ ...address, status: 'placed', cancel_asked_at: null })
    .where('id', '=', orderId)
    .where('buyer_id', '=', buyerId)
    .where('status', '=', 'awaiting_address')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const findOrder = (db: Db, id: string) =>
  db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();

/** The order holding the line won at this auction: its own order, or the winner's show order for a lot. */
export const findOrderOfAuction = (db: Db, auctionId: string) =>
  db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select([
      'orders.id',
      'orders.status',
      'orders.buyer_id',
      'orders.complete_by',
      'orders.cancel_asked_at',
      'orders.cancel_reason',
    ])
    .where('order_lines.auction_id', '=', auctionId)
    // A second-chance order (issue 31) is newer than the winner's cancelled one: it is the order now.
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .executeTakeFirst();

/**
 * A buyer's show order waiting for their address, made if there is none. Any conflict here is the
 * partial unique index orders_open_show (the caller's idempotency key is new): another transaction
 * made it first, and the caller then reads that one.
 */
export const insertShowOrderIfNone = (db: Db, row: Insertable<DB['orders']>) =>
  db
    .insertInto('orders')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .execute();

/**
 * The buyer's show order still waiting for an address, locked until the transaction ends on
 * PostgreSQL (SQLite's BEGIN IMMEDIATE already holds the write lock), so the address cannot be
 * given between adding a line and recomputing the total.
 */
export const lockOpenShowOrder = (db: Db, buyerId: string, streamId: string, dialect: DialectName) =>
  db
    .selectFrom('orders')
    .select('id')
    .where('buyer_id', '=', buyerId)
    .where('stream_id', '=', streamId)
    .where('status', '=', 'awaiting_address')
    .$if(dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();

/** Where a new line goes in an order, and what its lines add up to now. */
export const lineSums = (db: Db, orderId: string) =>
  db
    .selectFrom('order_lines')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.max('position'), eb.lit(-1)).as('last_position'),
      eb.fn.coalesce(eb.fn.sum<number>('line_total'), eb.lit(0)).as('subtotal'),
    ])
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();

export const setTotals = (db: Db, orderId: string, totals: { subtotal: number; vat: number; total: number }) =>
  db.updateTable('orders').set(totals).where('id', '=', orderId).execute();

/** The buyer's latest order from one show (a win after they gave the address starts another). */
export const latestShowOrder = (db: Db, buyerId: string, streamId: string) =>
  db
    .selectFrom('orders')
    .select(['id', 'status'])
    .where('buyer_id', '=', buyerId)
    .where('stream_id', '=', streamId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

export const findOrderByKey = (db: Db, buyerId: string, key: string) =>
  db
    .selectFrom('orders')
    .selectAll()
    .where('buyer_id', '=', buyerId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

export const ordersOfBuyer = (db: Db, buyerId: string, limit: number) =>
  db
    .selectFrom('orders')
    .selectAll()
    .where('buyer_id', '=', buyerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export const linesOf = (db: Db, orderIds: string[]) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('order_lines')
        .selectAll()
        .where('order_id', 'in', orderIds)
        .orderBy('order_id')
        .orderBy('position')
        .execute();

export const salesOfSeller = (db: Db, sellerId: string, limit: number, lineId?: string) =>
  db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .innerJoin('users', 'users.id', 'orders.buyer_id')
    .select([
      'order_lines.id',
      'order_lines.status as line_status',
      'order_lines.status_at',
      'order_lines.order_id',
      'order_lines.product_id',
      'order_lines.title',
      'order_lines.image_key',
      'order_lines.unit_price',
      'order_lines.quantity',
      'order_lines.line_total',
      'order_lines.auction_id',
      'orders.emirate',
      'orders.area',
      'orders.street',
      'orders.phone',
      'orders.status',
      'orders.created_at',
      'orders.complete_by',
      'orders.cancel_asked_at',
      'users.id as buyer_id',
      'users.username as buyer_username',
      'users.avatar_key as buyer_avatar',
    ])
    .where('order_lines.seller_id', '=', sellerId)
    .$if(lineId !== undefined, (query) => query.where('order_lines.id', '=', lineId!))
    .orderBy('orders.created_at', 'desc')
    .limit(limit)
    .execute();

/** One of this seller's lines, with its order's status (an auction's order may still lack an address). */
export const saleLine = (db: Db, lineId: string, sellerId: string) =>
  db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select(['order_lines.id', 'order_lines.status', 'orders.status as order_status'])
    .where('order_lines.id', '=', lineId)
    .where('order_lines.seller_id', '=', sellerId)
    .executeTakeFirst();

/** Moves a line on only if it is still where the seller saw it: two tabs cannot both move it. */
export async function moveLine(
  db: Db,
  lineId: string,
  sellerId: string,
  from: string,
  to: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('order_lines')
    .set({ status: to, status_at: at })
    .where('id', '=', lineId)
    .where('seller_id', '=', sellerId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What a person bought lately: the seller of each line (its category is the catalog's to say). */
export const purchaseSignals = (db: Db, buyerId: string, limit: number) =>
  db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select(['order_lines.product_id', 'order_lines.seller_id'])
    .where('orders.buyer_id', '=', buyerId)
    .orderBy('orders.created_at', 'desc')
    .limit(limit)
    .execute();
