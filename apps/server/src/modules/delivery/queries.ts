import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;
export type AttemptRow = Selectable<DB['delivery_attempts']>;

export const insertAttempt = (db: Db, row: Insertable<DB['delivery_attempts']>) =>
  db.insertInto('delivery_attempts').values(row).execute();

export const attemptsOfLines = (db: Db, lineIds: string[]) =>
  lineIds.length === 0
    ? Promise.resolve([] as AttemptRow[])
    : db
        .selectFrom('delivery_attempts')
        .selectAll()
        .where('line_id', 'in', lineIds)
        .orderBy('created_at')
        .orderBy('id')
        .execute();

export const attemptById = (db: Db, id: string) =>
  db.selectFrom('delivery_attempts').selectAll().where('id', '=', id).executeTakeFirst();

/** The lines a person has attempts on, as buyer and as seller, newest first. */
export const linesWithAttempts = (db: Db, userId: string, side: 'buyer_id' | 'seller_id') =>
  db
    .selectFrom('delivery_attempts')
    .select('line_id')
    .select((eb) => eb.fn.max('created_at').as('last'))
    .where(side, '=', userId)
    .groupBy('line_id')
    .orderBy('last', 'desc')
    .limit(100)
    .execute();

/** Answers a failed attempt once: the update holds only while it is unanswered. */
export async function reply(db: Db, id: string, buyerId: string, note: string, addressChanged: boolean, at: string) {
  const result = await db
    .updateTable('delivery_attempts')
    .set({ reply_note: note, replied_at: at, address_changed: addressChanged ? 1 : 0 })
    .where('id', '=', id)
    .where('buyer_id', '=', buyerId)
    .where('replied_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Disputes a refusal once, before `deadline`'s instant (the attempt's time + 48 h, given as the earliest time it may have been recorded). */
export async function dispute(db: Db, id: string, buyerId: string, note: string, at: string, recordedAfter: string) {
  const result = await db
    .updateTable('delivery_attempts')
    .set({ dispute_note: note, disputed_at: at })
    .where('id', '=', id)
    .where('buyer_id', '=', buyerId)
    .where('outcome', '=', 'refused')
    .where('disputed_at', 'is', null)
    .where('created_at', '>', recordedAfter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function decide(db: Db, id: string, decision: 'stands' | 'withdrawn', at: string) {
  const result = await db
    .updateTable('delivery_attempts')
    .set({ decision, decided_at: at })
    .where('id', '=', id)
    .where('outcome', '=', 'refused')
    .where('disputed_at', 'is not', null)
    .where('decision', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The refusals that count against a buyer's cash on delivery now, newest first: recorded in the
 * window, after staff last lifted a block, and either never disputed and past the 48 hours to
 * dispute, or disputed and upheld by staff. `buyerId` undefined reads every buyer's.
 */
export const countingRefusals = (db: Db, p: { buyerId?: string; windowStart: string; undisputableBefore: string }) =>
  db
    .selectFrom('delivery_attempts as a')
    .select(['a.id', 'a.buyer_id', 'a.created_at'])
    .where('a.outcome', '=', 'refused')
    .$if(p.buyerId !== undefined, (q) => q.where('a.buyer_id', '=', p.buyerId!))
    .where('a.created_at', '>', p.windowStart)
    .where((eb) =>
      eb.or([
        eb.and([eb('a.disputed_at', 'is', null), eb('a.created_at', '<=', p.undisputableBefore)]),
        eb('a.decision', '=', 'stands'),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('cod_block_lifts as l')
            .select('l.id')
            .whereRef('l.buyer_id', '=', 'a.buyer_id')
            .whereRef('l.lifted_at', '>=', 'a.created_at'),
        ),
      ),
    )
    .orderBy('a.created_at', 'desc')
    .execute();

export const disputesWaiting = (db: Db) =>
  db
    .selectFrom('delivery_attempts')
    .selectAll()
    .where('outcome', '=', 'refused')
    .where('disputed_at', 'is not', null)
    .where('decision', 'is', null)
    .orderBy('disputed_at')
    .limit(100)
    .execute();

export const insertLift = (db: Db, row: Insertable<DB['cod_block_lifts']>) =>
  db.insertInto('cod_block_lifts').values(row).execute();

/** A seller's attempts since `since`, for the weekly delivery record. */
export const sellerAttemptsSince = (db: Db, sellerId: string, since: string) =>
  db
    .selectFrom('delivery_attempts')
    .select(['line_id', 'outcome', 'created_at'])
    .where('seller_id', '=', sellerId)
    .where('created_at', '>=', since)
    .orderBy('created_at')
    .orderBy('id')
    .execute();

/** Each of these lines' first attempt, whenever it was. */
export const firstAttemptsOf = (db: Db, lineIds: string[]) =>
  lineIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('delivery_attempts')
        .select(['line_id'])
        .select((eb) => eb.fn.min('created_at').as('first'))
        .where('line_id', 'in', lineIds)
        .groupBy('line_id')
        .execute();
