import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * The runner-up (issue 31): the bidder other than the winner whose own highest bid is highest
 * (the earlier of two equal bids), and that bid. A proxy maximum never reached is not a bid.
 */
export const runnerUp = (db: Db, auctionId: string, winnerId: string) =>
  db
    .selectFrom('bids')
    .innerJoin('users', 'users.id', 'bids.bidder_id')
    .select((eb) => [
      'bids.bidder_id',
      'users.username',
      'users.avatar_key',
      eb.fn.max('bids.amount').as('amount'),
      eb.fn.min('bids.seq').as('first_seq'),
    ])
    .where('bids.auction_id', '=', auctionId)
    .where('bids.bidder_id', '!=', winnerId)
    .groupBy(['bids.bidder_id', 'users.username', 'users.avatar_key'])
    .orderBy('amount', 'desc')
    .orderBy('first_seq', 'asc')
    .limit(1)
    .executeTakeFirst();

export const insertOffer = (db: Db, row: Insertable<DB['second_chance_offers']>) =>
  db.insertInto('second_chance_offers').values(row).execute();

const withBidder = (db: Db) =>
  db
    .selectFrom('second_chance_offers')
    .innerJoin('users', 'users.id', 'second_chance_offers.bidder_id')
    .selectAll('second_chance_offers')
    .select(['users.username', 'users.avatar_key']);

export const offerOfAuction = (db: Db, auctionId: string) =>
  withBidder(db).where('second_chance_offers.auction_id', '=', auctionId).executeTakeFirst();

export const findOffer = (db: Db, id: string) =>
  withBidder(db).where('second_chance_offers.id', '=', id).executeTakeFirst();

export type OfferRow = NonNullable<Awaited<ReturnType<typeof findOffer>>>;

/** The runner-up's answer, once, and only while the offer stands: the one update that goes through decides. */
export async function decideOffer(
  db: Db,
  id: string,
  bidderId: string,
  status: 'accepted' | 'declined',
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('second_chance_offers')
    .set({ status, decided_at: now })
    .where('id', '=', id)
    .where('bidder_id', '=', bidderId)
    .where('status', '=', 'open')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const setOfferOrder = (db: Db, id: string, orderId: string) =>
  db.updateTable('second_chance_offers').set({ order_id: orderId }).where('id', '=', id).execute();
