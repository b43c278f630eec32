import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** A lot's pre-bids in the order they were left: an earlier maximum wins a tie. */
export const prebidsOf = (db: Db, auctionId: string) =>
  db
    .selectFrom('lot_prebids')
    .select(['user_id', 'max_amount'])
    .where('auction_id', '=', auctionId)
    .orderBy('created_at')
    .orderBy('user_id')
    .execute();

/** One pre-bid per person per lot: leaving another changes it, and keeps its place in the order. */
export const upsertPrebid = (db: Db, row: DB['lot_prebids']) =>
  db
    .insertInto('lot_prebids')
    .values(row)
    .onConflict((oc) => oc.columns(['auction_id', 'user_id']).doUpdateSet({ max_amount: row.max_amount }))
    .execute();

/** This person's pre-bids on a show's lots, by lot. */
export async function myPrebids(db: Db, streamId: string, userId: string): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('lot_prebids')
    .innerJoin('auctions', 'auctions.id', 'lot_prebids.auction_id')
    .select(['lot_prebids.auction_id', 'lot_prebids.max_amount'])
    .where('auctions.stream_id', '=', streamId)
    .where('lot_prebids.user_id', '=', userId)
    .execute();
  return Object.fromEntries(rows.map((r) => [r.auction_id, Number(r.max_amount)]));
}

/** A show's lots in one state: the running one ('open'), or the waiting ones ('pending'). */
export const lotIdsIn = async (db: Db, streamId: string, status: 'open' | 'pending') =>
  (
    await db
      .selectFrom('auctions')
      .select('id')
      .where('stream_id', '=', streamId)
      .where('status', '=', status)
      .orderBy('lot_position')
      .execute()
  ).map((r) => r.id);
