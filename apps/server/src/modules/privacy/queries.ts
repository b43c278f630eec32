import { type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The privacy module's SQL (issue 45, ADR 0046). Like the dashboard's, it reads the tables of the
 * modules before it, because the law's question, "what do you keep about me", spans all of them;
 * unlike the dashboard it also writes them, once, in the erasure's one transaction. Every table the
 * schema has is named here on purpose, and a test walks the schema's text columns after an erasure,
 * so a table added later without a line here fails it.
 */

// ---------------------------------------------------------------------------------------------
// Data exports
// ---------------------------------------------------------------------------------------------

export const insertExport = (db: Db, row: DB['data_exports']) => db.insertInto('data_exports').values(row).execute();

/** The person's latest export that is still waiting or still downloadable. */
export const latestExport = (db: Db, userId: string, now: string) =>
  db
    .selectFrom('data_exports')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('status', '=', 'pending'), eb('expires_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();

export const exportOf = (db: Db, id: string, userId: string) =>
  db.selectFrom('data_exports').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();

/** Exports waiting to be built, oldest first; one whose builder died (claimed long ago) is waiting again. */
export const pendingExports = (db: Db, staleBefore: string, limit: number) =>
  db
    .selectFrom('data_exports')
    .select(['id', 'user_id'])
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
    .orderBy('created_at')
    .limit(limit)
    .execute();

/** Claims one export for this run: a conditional update, so of several instances one builds it. */
export async function claimExport(db: Db, id: string, now: string, staleBefore: string): Promise<boolean> {
  const result = await db
    .updateTable('data_exports')
    .set({ claimed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) => eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', staleBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function markExportReady(
  db: Db,
  id: string,
  claimedAt: string,
  file: { key: string; bytes: number; readyAt: string; expiresAt: string },
): Promise<boolean> {
  const result = await db
    .updateTable('data_exports')
    .set({
      status: 'ready',
      storage_key: file.key,
      bytes: file.bytes,
      ready_at: file.readyAt,
      expires_at: file.expiresAt,
    })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('claimed_at', '=', claimedAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export const markExportFailed = (db: Db, id: string) =>
  db
    .updateTable('data_exports')
    .set({ status: 'failed' })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();

export const expiredExports = (db: Db, now: string, limit: number) =>
  db.selectFrom('data_exports').select(['id', 'storage_key']).where('expires_at', '<=', now).limit(limit).execute();

export const deleteExports = (db: Db, ids: string[]) =>
  ids.length ? db.deleteFrom('data_exports').where('id', 'in', ids).execute() : Promise.resolve([]);

export const exportFilesOf = (db: Db, userId: string) =>
  db.selectFrom('data_exports').select(['id', 'storage_key']).where('user_id', '=', userId).execute();

export const allExportKeys = async (db: Db): Promise<string[]> =>
  (await db.selectFrom('data_exports').select('storage_key').where('storage_key', 'is not', null).execute()).map(
    (r) => r.storage_key!,
  );

export const userById = (db: Db, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const userByEmail = (db: Db, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();

// ---------------------------------------------------------------------------------------------
// What stands in the way of an erasure
// ---------------------------------------------------------------------------------------------

const OPEN_LINE = ['placed', 'confirmed', 'shipped'];
const TO_SHIP = ['placed', 'confirmed'];

export async function blockersOf(db: Db, userId: string) {
  const [openOrders, toShip, auctions, leading, shows] = await Promise.all([
    db
      .selectFrom('orders')
      .leftJoin('order_lines', 'order_lines.order_id', 'orders.id')
      .select('orders.id')
      .where('orders.buyer_id', '=', userId)
      .where((eb) => eb.or([eb('orders.status', '=', 'awaiting_address'), eb('order_lines.status', 'in', OPEN_LINE)]))
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select('order_lines.id')
      .where('order_lines.seller_id', '=', userId)
      .where((eb) =>
        eb.or([
          eb('order_lines.status', 'in', TO_SHIP),
          eb.and([eb('orders.status', '=', 'awaiting_address'), eb('order_lines.status', '!=', 'cancelled')]),
        ]),
      )
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('auctions')
      .select('id')
      .where('seller_id', '=', userId)
      .where('status', 'in', ['open', 'pending'])
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('auctions')
      .select('id')
      .where('leader_id', '=', userId)
      .where('status', '=', 'open')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('streams')
      .select('id')
      .where('host_id', '=', userId)
      .where('status', 'in', ['scheduled', 'live'])
      .limit(1)
      .executeTakeFirst(),
  ]);
  return {
    open_orders: !!openOrders,
    sales_to_ship: !!toShip,
    running_auctions: !!auctions,
    leading_bids: !!leading,
    shows: !!shows,
  };
}

// What Souq keeps about a person (personal-data-queries.ts) and its erasure (erasure-queries.ts).
