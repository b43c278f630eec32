import { sql, type Kysely, type Transaction } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** A show's lot with its leader's and winner's names, as the run sheet shows it. */
function lotRows(db: Db) {
  return db
    .selectFrom('auctions')
    .leftJoin('users as leader', 'leader.id', 'auctions.leader_id')
    .select([
      'auctions.id',
      'auctions.product_id',
      'auctions.title',
      'auctions.images',
      'auctions.stream_id',
      'auctions.seller_id',
      'auctions.lot_position',
      'auctions.lot_seconds',
      'auctions.status',
      'auctions.seq',
      'auctions.starting_bid',
      'auctions.current_bid',
      'auctions.bid_count',
      'auctions.reserve_price',
      'auctions.closing_style',
      'auctions.ends_at',
      'auctions.closed_at',
      'auctions.leader_id',
      'auctions.winner_id',
      'leader.username as leader_username',
      'leader.avatar_key as leader_avatar',
    ]);
}
export type LotRow = NonNullable<Awaited<ReturnType<typeof findLot>>>;

/** The run sheet: every lot not dropped, in order. */
export const lotsOf = (db: Db, streamId: string) =>
  lotRows(db)
    .where('auctions.stream_id', '=', streamId)
    .where('auctions.status', '!=', 'cancelled')
    .orderBy('auctions.lot_position')
    .orderBy('auctions.created_at')
    .execute();

export const findLot = (db: Db, id: string) => lotRows(db).where('auctions.id', '=', id).executeTakeFirst();

/**
 * The lot, its row held until the transaction ends: FOR SHARE on PostgreSQL, which waits for a
 * start's update and then reads the lot it left (a foreign key's FOR KEY SHARE would not wait);
 * SQLite's write transaction holds every row already.
 */
export const findLotHeld = (trx: Transaction<DB>, id: string, dialect: DialectName) =>
  lotRows(trx)
    .where('auctions.id', '=', id)
    .$if(dialect === 'postgres', (query) => query.forShare('auctions'))
    .executeTakeFirst();

/** Where the next lot goes: after the last one ever placed, dropped ones included. */
export async function nextPosition(db: Db, streamId: string): Promise<number> {
  const row = await db
    .selectFrom('auctions')
    .select(sql<number | null>`max(lot_position)`.as('last'))
    .where('stream_id', '=', streamId)
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/**
 * Runs a waiting lot, or a passed one again: open from now for its timer. Only the call that
 * finds it waiting or passed changes it; the sequence number moves, so a batch of bids decided on
 * its state before cannot be written over it.
 */
export async function openLot(db: Db, id: string, now: string, endsAt: string): Promise<boolean> {
  const result = await db
    .updateTable('auctions')
    .set({ status: 'open', starts_at: now, ends_at: endsAt, closed_at: null, winner_id: null, seq: sql`seq + 1` })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'unsold'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A waiting or passed lot's new terms; false once it runs or sold. */
export async function editLot(
  db: Db,
  id: string,
  terms: { starting_bid: number; lot_seconds: number; closing_style: 'soft' | 'sudden' },
): Promise<boolean> {
  const result = await db
    .updateTable('auctions')
    .set({ ...terms, sort_price: terms.starting_bid, seq: sql`seq + 1` })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'unsold'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Drops a waiting or passed lot off the run sheet; false once it runs or sold. */
export async function dropLot(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('auctions')
    .set({ status: 'cancelled', closed_at: now, seq: sql`seq + 1` })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'unsold'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const setPosition = (db: Db, id: string, position: number) =>
  db.updateTable('auctions').set({ lot_position: position }).where('id', '=', id).execute();
