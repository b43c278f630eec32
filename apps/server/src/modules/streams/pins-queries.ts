import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The show a pin belongs to. Locked until the transaction ends on PostgreSQL when `lock` (SQLite's
 * BEGIN IMMEDIATE already holds the write lock), so two pins added at once count each other.
 */
export const findShow = (db: Db, id: string, dialect: DialectName, lock = false) =>
  db
    .selectFrom('streams')
    .select(['id', 'host_id', 'status'])
    .where('id', '=', id)
    .$if(lock && dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();

/** A removed viewer buys nothing either: the chat's own ban check. */
export { isBanned } from './queries.js';

/** The show's pinned items with their products' titles and photos, in the order they were pinned. */
export const pinsOf = (db: Db, streamId: string) =>
  db
    .selectFrom('stream_pins')
    .innerJoin('products', 'products.id', 'stream_pins.product_id')
    .select([
      'stream_pins.id',
      'stream_pins.product_id',
      'stream_pins.price',
      'stream_pins.stock',
      'stream_pins.sold',
      'stream_pins.created_at',
      'stream_pins.flash_ends_at',
      'stream_pins.per_buyer',
      'stream_pins.list_price',
      'products.title',
      'products.images',
      'products.owner_id',
    ])
    .where('stream_pins.stream_id', '=', streamId)
    .where('stream_pins.removed_at', 'is', null)
    // A product staff hid (issue 31) leaves the show's Buy It Now with the shop.
    .where('products.hidden_at', 'is', null)
    .orderBy('stream_pins.created_at')
    .orderBy('stream_pins.id')
    .execute();
export type PinRow = Awaited<ReturnType<typeof pinsOf>>[number];

export const insertPin = (db: Db, row: Insertable<DB['stream_pins']>) =>
  db.insertInto('stream_pins').values(row).execute();

/** Unpins once: only a pin of this show that is still pinned. */
export async function removePin(db: Db, streamId: string, pinId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('stream_pins')
    .set({ removed_at: now })
    .where('id', '=', pinId)
    .where('stream_id', '=', streamId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * One unit sold, if one is left and a flash sale's clock has not run out: the conditions and the
 * count are one statement, so buyers racing for the last units each either take one or see none
 * left, on either database.
 */
export async function takeUnit(db: Db, streamId: string, pinId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('stream_pins')
    .set((eb) => ({ sold: eb('sold', '+', 1) }))
    .where('id', '=', pinId)
    .where('stream_id', '=', streamId)
    .where('removed_at', 'is', null)
    .whereRef('sold', '<', 'stock')
    .where((eb) => eb.or([eb('flash_ends_at', 'is', null), eb('flash_ends_at', '>', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A flash sale's unit counted against this buyer's limit: insert or add one, only while under
 * it. On PostgreSQL the conflict waits for a racing purchase by the same buyer and then reads its
 * count, so two taps never both pass the limit.
 */
export async function countBuyerUnit(db: Db, pinId: string, buyerId: string, limit: number): Promise<boolean> {
  const result = await db
    .insertInto('stream_pin_buyers')
    .values({ pin_id: pinId, buyer_id: buyerId, units: 1 })
    .onConflict((oc) =>
      oc
        .columns(['pin_id', 'buyer_id'])
        .doUpdateSet((eb) => ({ units: eb('stream_pin_buyers.units', '+', 1) }))
        .where('stream_pin_buyers.units', '<', limit),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Whether this pin is on this show at all (pinned now), to tell "sold out" from "not pinned". */
export const pinExists = (db: Db, streamId: string, pinId: string) =>
  db
    .selectFrom('stream_pins')
    .select(['id', 'sold', 'stock', 'flash_ends_at'])
    .where('id', '=', pinId)
    .where('stream_id', '=', streamId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();

// A purchase's Idempotency-Key, kept in the bids' table (scope 'pin:<pinId>').

export const findKey = (db: Db, userId: string, scope: string, key: string) =>
  db
    .selectFrom('idempotency_keys')
    .select(['response'])
    .where('user_id', '=', userId)
    .where('scope', '=', scope)
    .where('key', '=', key)
    .executeTakeFirst();

export const recordKey = (db: Db, row: DB['idempotency_keys']) =>
  db.insertInto('idempotency_keys').values(row).execute();
