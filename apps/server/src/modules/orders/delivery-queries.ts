import type { Kysely, Transaction } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { UNSHIPPED } from './queries.js';

type Db = Kysely<DB> | Transaction<DB>;

/** What a delivery attempt is about: the line, its seller and buyer, its status and title. */
export const deliveryLines = (db: Db, lineIds: string[]) =>
  lineIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('order_lines')
        .innerJoin('orders', 'orders.id', 'order_lines.order_id')
        .select([
          'order_lines.id',
          'order_lines.order_id',
          'order_lines.seller_id',
          'order_lines.status',
          'order_lines.title',
          'orders.buyer_id',
        ])
        .where('order_lines.id', 'in', lineIds)
        .execute();

/** Orders still to arrive: any line placed, confirmed or shipped, or a won order waiting for its address. */
export async function openOrdersOf(db: Db, buyerId: string): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('buyer_id', '=', buyerId)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'awaiting_address'),
        eb.exists(
          eb
            .selectFrom('order_lines')
            .select('order_lines.id')
            .whereRef('order_lines.order_id', '=', 'orders.id')
            .where('order_lines.status', 'in', [...UNSHIPPED, 'shipped']),
        ),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Holds the buyer's checkouts in line until this transaction ends, so two at once cannot both
 * pass the open-orders limit: a row lock on PostgreSQL; SQLite's BEGIN IMMEDIATE already holds the write lock.
 */
export const lockBuyer = (db: Db, buyerId: string, dialect: DialectName) =>
  dialect === 'postgres'
    ? db.selectFrom('users').select('id').where('id', '=', buyerId).forUpdate().executeTakeFirst()
    : Promise.resolve(undefined);
