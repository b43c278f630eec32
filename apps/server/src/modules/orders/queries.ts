import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

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
    .set({ ...address, status: 'placed' })
    .where('id', '=', orderId)
    .where('buyer_id', '=', buyerId)
    .where('status', '=', 'awaiting_address')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const findOrder = (db: Db, id: string) =>
  db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();

export const findOrderOfAuction = (db: Db, auctionId: string) =>
  db.selectFrom('orders').select(['id', 'status', 'buyer_id']).where('auction_id', '=', auctionId).executeTakeFirst();

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
      'orders.emirate',
      'orders.area',
      'orders.street',
      'orders.phone',
      'orders.status',
      'orders.created_at',
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
