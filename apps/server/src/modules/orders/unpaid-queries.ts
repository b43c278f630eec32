import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Orders' SQL for won orders that wait for an address (issue 31, ADR 0037): their deadlines and
 * reminders, the unpaid cancel, and the winner's request to cancel. Every change is a conditional
 * update on the status it expects, so the sweep, the winner and the seller each win or change nothing.
 */

export type Reminder = 'day' | 'hours';
const REMINDED = { day: 'reminded_day_at', hours: 'reminded_hours_at' } as const;

/** Waiting orders whose deadline falls before `by` and whose `which` reminder has not gone out. */
export const dueReminders = (db: Db, which: Reminder, now: string, by: string, limit: number) =>
  db
    .selectFrom('orders')
    .select(['id'])
    .where('status', '=', 'awaiting_address')
    .where('complete_by', '>', now)
    .where('complete_by', '<=', by)
    .where(REMINDED[which], 'is', null)
    .orderBy('complete_by')
    .limit(limit)
    .execute();

/** Marks a reminder sent, once: only the run whose update goes through sends it. */
export async function claimReminder(db: Db, orderId: string, which: Reminder, now: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set(which === 'hours' ? { reminded_hours_at: now, reminded_day_at: now } : { reminded_day_at: now })
    .where('id', '=', orderId)
    .where('status', '=', 'awaiting_address')
    .where(REMINDED[which], 'is', null)
    .executeTakeFirst();
  // A 2-hours reminder also stands for a 24-hours one that never went (a deadline under a day).
  return Number(result.numUpdatedRows) === 1;
}

/** Waiting orders past their deadline. */
export const dueUnpaid = (db: Db, now: string, limit: number) =>
  db
    .selectFrom('orders')
    .select(['id'])
    .where('status', '=', 'awaiting_address')
    .where('complete_by', '<=', now)
    .orderBy('complete_by')
    .limit(limit)
    .execute();

/** The earliest deadline still ahead among waiting orders (the sweep sleeps until a reminder or it). */
export const upcomingDeadlines = (db: Db, now: string) =>
  db
    .selectFrom('orders')
    .select(['complete_by', 'reminded_day_at', 'reminded_hours_at'])
    .where('status', '=', 'awaiting_address')
    .where('complete_by', '>', now)
    .orderBy('complete_by')
    .limit(20)
    .execute();

/**
 * Cancels a waiting order, and its lines with it: as unpaid (only once its deadline has passed) or
 * because the seller agreed to the buyer's request (only while the request stands).
 */
export async function cancelWaiting(
  db: Db,
  orderId: string,
  reason: 'unpaid' | 'buyer_asked',
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: 'cancelled', cancel_reason: reason })
    .where('id', '=', orderId)
    .where('status', '=', 'awaiting_address')
    .$if(reason === 'unpaid', (q) => q.where('complete_by', '<=', now))
    .$if(reason === 'buyer_asked', (q) => q.where('cancel_asked_at', 'is not', null))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db
    .updateTable('order_lines')
    .set({ status: 'cancelled', status_at: now })
    .where('order_id', '=', orderId)
    .execute();
  return true;
}

/** Who bought, and what: for the strike, the bells and the mails after a cancel. */
export const orderParties = (db: Db, orderId: string) =>
  db
    .selectFrom('orders')
    .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .select([
      'orders.id',
      'orders.buyer_id',
      'orders.status',
      'orders.complete_by',
      'orders.cancel_asked_at',
      'orders.total',
      'order_lines.seller_id',
      'order_lines.title',
      'order_lines.auction_id',
    ])
    .where('orders.id', '=', orderId)
    .orderBy('order_lines.position')
    .execute();

/** The winner asks to cancel: only a waiting order of theirs, once. */
export async function askCancel(db: Db, orderId: string, buyerId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ cancel_asked_at: now })
    .where('id', '=', orderId)
    .where('buyer_id', '=', buyerId)
    .where('status', '=', 'awaiting_address')
    .where('complete_by', 'is not', null)
    .where('cancel_asked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The seller declines: the request goes, the deadline runs on. */
export async function declineCancel(db: Db, orderId: string): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ cancel_asked_at: null })
    .where('id', '=', orderId)
    .where('status', '=', 'awaiting_address')
    .where('cancel_asked_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The order a seller's line belongs to, if the line is theirs. */
export const orderOfSellerLine = (db: Db, lineId: string, sellerId: string) =>
  db
    .selectFrom('order_lines')
    .select(['order_id'])
    .where('id', '=', lineId)
    .where('seller_id', '=', sellerId)
    .executeTakeFirst();
