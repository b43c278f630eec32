import crypto from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DialectName } from '../../db/database.js';
import { gulfDay } from '../../lib/gulf-time.js';
import type { DB } from '../../db/schema.js';
import type { addressColumns } from '../../lib/address-columns.js';

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
/**
 * An order's lines, sold at `soldAt` (the order's creation, or a show's win added later): each
 * keeps that Gulf day, by which the seller's dashboard reads their sales from an index (ADR 0043).
 */
type NewLine = Omit<Insertable<DB['order_lines']>, 'sale_day'>;

/** One unit of something sold, as an order's line at `position`: a won lot, a show's purchase, an offer's item. */
export const unitLine = (
  orderId: string,
  position: number,
  unit: { productId: string | null; sellerId: string; title: string; imageKey: string | null; unitPrice: number },
  extra: Partial<Pick<NewLine, 'auction_id' | 'ship_by'>> = {},
): NewLine => ({
  id: crypto.randomUUID(),
  order_id: orderId,
  position,
  product_id: unit.productId,
  seller_id: unit.sellerId,
  title: unit.title,
  image_key: unit.imageKey,
  unit_price: unit.unitPrice,
  quantity: 1,
  line_total: unit.unitPrice,
  ...extra,
});

export const insertLines = (db: Db, rows: NewLine[], soldAt: string) =>
  db
    .insertInto('order_lines')
    .values(rows.map((row) => ({ ...row, sale_day: gulfDay(soldAt) })))
    .execute();

/**
 * Writes the buyer's order's address while the order is `from`: an auction's order waiting for
 * one gets it once (and is placed), and a placed order has it put right after a failed delivery
 * attempt (issue 46). False when the order is not theirs or not in that state.
 */
export async function setAddress(
  db: Db,
  orderId: string,
  buyerId: string,
  address: ReturnType<typeof addressColumns>,
  from: 'awaiting_address' | 'placed' = 'awaiting_address',
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set(from === 'awaiting_address' ? { ...address, status: 'placed', cancel_asked_at: null } : address)
    .where('id', '=', orderId)
    .where('buyer_id', '=', buyerId)
    .where('status', '=', from)
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
      'order_lines.ship_by',
      'orders.emirate',
      'orders.area',
      'orders.street',
      'orders.phone',
      'orders.building',
      'orders.flat',
      'orders.landmark',
      'orders.phone_e164',
      'orders.latitude',
      'orders.longitude',
      'orders.makani',
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
    // Shipping keeps its own time: status_at moves on at delivery, the on-time share needs this one.
    .set({ status: to, status_at: at, ...(to === 'shipped' && { shipped_at: at }) })
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

/** The statuses a line may still ship from; past its deadline in one of them, it is late. */
export const UNSHIPPED = ['placed', 'confirmed'] as const;

/** An order's lines get their shipping deadline once it has its address (issue 31). */
export const setShipBy = (db: Db, orderId: string, shipBy: string) =>
  db.updateTable('order_lines').set({ ship_by: shipBy }).where('order_id', '=', orderId).execute();

/** Lines past their deadline, unshipped, whose buyer has not been told yet: the late job's work. */
export const lateLinesUntold = (db: Db, now: string, limit: number) =>
  db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select([
      'order_lines.id',
      'order_lines.order_id',
      'order_lines.title',
      'order_lines.seller_id',
      'order_lines.ship_by',
      'orders.buyer_id',
    ])
    .where('order_lines.ship_by', '<=', now)
    .where('order_lines.status', 'in', UNSHIPPED)
    .where('order_lines.late_at', 'is', null)
    .orderBy('order_lines.ship_by')
    .limit(limit)
    .execute();

/** The soonest deadline still ahead of an unshipped line nobody was told of: when the late job next has work. */
export const nextShipBy = (db: Db, now: string) =>
  db
    .selectFrom('order_lines')
    .select((eb) => eb.fn.min('ship_by').as('next'))
    .where('ship_by', '>', now)
    .where('status', 'in', UNSHIPPED)
    .where('late_at', 'is', null)
    .executeTakeFirst();

/** Claims telling the buyer: true for exactly one caller, however many instances run the job. */
export async function markLate(db: Db, lineId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('order_lines')
    .set({ late_at: at })
    .where('id', '=', lineId)
    .where('late_at', 'is', null)
    .where('status', 'in', UNSHIPPED)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** One line of a buyer's order, with what its after-sale rules ask. */
export const buyerLine = (db: Db, lineId: string, buyerId: string) =>
  db
    .selectFrom('order_lines')
    .innerJoin('orders', 'orders.id', 'order_lines.order_id')
    .select([
      'order_lines.id',
      'order_lines.order_id',
      'order_lines.seller_id',
      'order_lines.title',
      'order_lines.status',
      'order_lines.status_at',
      'order_lines.ship_by',
    ])
    .where('order_lines.id', '=', lineId)
    .where('orders.buyer_id', '=', buyerId)
    .executeTakeFirst();

/**
 * The buyer cancels a late line: one conditional update, so a seller marking it shipped at the
 * same instant and this cannot both happen (each is `WHERE status IN unshipped`).
 */
export async function cancelLate(db: Db, lineId: string, buyerId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('order_lines')
    .set({ status: 'cancelled', status_at: now })
    .where('id', '=', lineId)
    .where('status', 'in', UNSHIPPED)
    .where('ship_by', '<=', now)
    .where('order_id', 'in', (eb) => eb.selectFrom('orders').select('id').where('buyer_id', '=', buyerId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A seller's shipping record since a time: lines whose deadline fell in the window and has passed
 * or that shipped, and of those the ones shipped by their deadline. A line cancelled before its
 * deadline never came due and is not counted.
 */
export const shippingRecord = (db: Db, sellerId: string, since: string, now: string) =>
  db
    .selectFrom('order_lines')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('due'),
      eb.fn
        .count<number | string>('id')
        .filterWhere((w) => w.and([w('shipped_at', 'is not', null), w('shipped_at', '<=', w.ref('ship_by'))]))
        .as('on_time'),
    ])
    .where('seller_id', '=', sellerId)
    .where('ship_by', '>=', since)
    .where((eb) =>
      eb.or([
        eb('shipped_at', 'is not', null),
        eb.and([
          eb('ship_by', '<=', now),
          eb.or([eb('status', '!=', 'cancelled'), eb('status_at', '>', eb.ref('ship_by'))]),
        ]),
      ]),
    )
    .executeTakeFirstOrThrow();
