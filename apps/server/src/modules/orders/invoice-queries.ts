import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** A document series: invoices and credit notes are numbered apart, each without gaps (ADR 0042). */
export type Series = 'INV' | 'CN';

/**
 * The seller's next number in a series, in the caller's transaction: make the counter if it is the
 * first, then one conditional update. On PostgreSQL the update locks the row until the caller
 * commits, so a second checkout of the same seller waits and reads the bumped value; SQLite has one
 * writer. A rolled-back transaction takes its bump with it: no gap.
 */
export async function nextNumber(db: Db, sellerId: string, series: Series): Promise<number> {
  await db
    .insertInto('invoice_sequences')
    .values({ seller_id: sellerId, series, last_number: 0 })
    .onConflict((oc) => oc.columns(['seller_id', 'series']).doNothing())
    .execute();
  const row = await db
    .updateTable('invoice_sequences')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('seller_id', '=', sellerId)
    .where('series', '=', series)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

export const insertInvoice = (db: Db, row: Insertable<DB['invoices']>) =>
  db.insertInto('invoices').values(row).execute();

/** What an invoice is issued from: the order, its buyer, and its lines not cancelled. */
export const orderForInvoice = (db: Db, orderId: string) =>
  db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.buyer_id')
    .select([
      'orders.id',
      'orders.buyer_id',
      'orders.emirate',
      'orders.area',
      'orders.street',
      'users.username',
      'users.display_name',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirstOrThrow();

export const linesForInvoice = (db: Db, orderId: string) =>
  db
    .selectFrom('order_lines')
    .select(['id', 'seller_id', 'title', 'quantity', 'unit_price', 'line_total'])
    .where('order_id', '=', orderId)
    .where('status', '!=', 'cancelled')
    .orderBy('position')
    .execute();

export const sellerNames = (db: Db, ids: string[]) =>
  db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute();

/** The invoice (not a credit note) of one seller's lines in one order. */
export const invoiceOf = (db: Db, orderId: string, sellerId: string) =>
  db
    .selectFrom('invoices')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('seller_id', '=', sellerId)
    .where('credits_id', 'is', null)
    .executeTakeFirst();

/** What the credit notes citing an invoice have credited so far. */
export const creditedSoFar = (db: Db, invoiceId: string) =>
  db
    .selectFrom('invoices')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number | string>('subtotal'), eb.lit(0)).as('subtotal'),
      eb.fn.coalesce(eb.fn.sum<number | string>('vat'), eb.lit(0)).as('vat'),
    ])
    .where('credits_id', '=', invoiceId)
    .executeTakeFirstOrThrow();

/** The order's lines by id, as a credit note names them. */
export const linesById = (db: Db, lineIds: string[]) =>
  db
    .selectFrom('order_lines')
    .select(['id', 'order_id', 'seller_id', 'title', 'quantity', 'unit_price', 'line_total'])
    .where('id', 'in', lineIds)
    .execute();

/** The documents of these orders, oldest first; only one seller's when `sellerId` is given. */
export const documentsOf = (db: Db, orderIds: string[], sellerId?: string) =>
  orderIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('invoices as d')
        .leftJoin('invoices as cited', 'cited.id', 'd.credits_id')
        .select([
          'd.id',
          'd.number',
          'd.order_id',
          'd.seller_id',
          'd.buyer_id',
          'd.issued_at',
          'd.total',
          'd.document',
          'cited.number as credits_number',
        ])
        .where('d.order_id', 'in', orderIds)
        .$if(sellerId !== undefined, (q) => q.where('d.seller_id', '=', sellerId!))
        .orderBy('d.issued_at')
        .orderBy('d.series', 'desc')
        .orderBy('d.seller_id')
        .orderBy('d.seq')
        .execute();

export const findDocument = (db: Db, id: string) =>
  db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst();

export const orderBuyer = (db: Db, orderId: string) =>
  db.selectFrom('orders').select(['id', 'buyer_id']).where('id', '=', orderId).executeTakeFirst();

/** Does this seller have a line in this order? */
export const sellsIn = (db: Db, orderId: string, sellerId: string) =>
  db
    .selectFrom('order_lines')
    .select('id')
    .where('order_id', '=', orderId)
    .where('seller_id', '=', sellerId)
    .limit(1)
    .executeTakeFirst();
