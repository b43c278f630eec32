import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { AuctionsTable, AuctionStatusValue, DB } from '../../db/schema.js';
import type { Cursor } from '../../lib/cursor.js';
import { inList, prepared } from '../../db/prepared.js';

type Db = Kysely<DB> | Transaction<DB>;

export type AuctionSortColumn = 'ends_at' | 'created_at' | 'sort_price' | 'title_key';

/** An auction with the names the page shows: seller, leader and winner. */
function withPeople(db: Db) {
  return db
    .selectFrom('auctions')
    .innerJoin('users as seller', 'seller.id', 'auctions.seller_id')
    .leftJoin('users as leader', 'leader.id', 'auctions.leader_id')
    .selectAll('auctions')
    .select([
      'seller.username as seller_username',
      'seller.avatar_key as seller_avatar',
      // The languages to write the seller's and the outbid leader's news in (issue 29).
      'seller.locale as seller_locale',
      'leader.username as leader_username',
      'leader.avatar_key as leader_avatar',
      'leader.locale as leader_locale',
    ]);
}
export type AuctionWithPeople = Awaited<ReturnType<typeof findAuction>> & {};

export const findAuction = (db: Db, id: string) => withPeople(db).where('auctions.id', '=', id).executeTakeFirst();

const auctionById = prepared((db, p: { id: string }) => withPeople(db).where('auctions.id', '=', p.id));
const auctionByIdForUpdate = prepared((db, p: { id: string }) =>
  withPeople(db).where('auctions.id', '=', p.id).forUpdate('auctions'),
);

/**
 * The auction a bid or a close is about to change, locked for the rest of the transaction. On
 * SQLite the transaction already holds the database's write lock (BEGIN IMMEDIATE); on
 * PostgreSQL the row lock makes every other bid on this auction wait for this one.
 */
export async function lockAuction(db: Db, id: string, dialect: DialectName) {
  return (await (dialect === 'postgres' ? auctionByIdForUpdate : auctionById)(db, { id }))[0];
}

export const insertAuction = (db: Db, row: Insertable<AuctionsTable>) =>
  db.insertInto('auctions').values(row).execute();

export async function maxBidOf(db: Db, auctionId: string, bidderId: string): Promise<number | null> {
  const row = await db
    .selectFrom('auction_max_bids')
    .select('max_amount')
    .where('auction_id', '=', auctionId)
    .where('bidder_id', '=', bidderId)
    .executeTakeFirst();
  return row?.max_amount ?? null;
}

/** Claims the close: only the call that finds the auction still open and over gets a row changed. */
export async function closeAuction(
  db: Db,
  id: string,
  expectedSeq: number,
  now: string,
  outcome: { status: AuctionStatusValue; winner_id: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('auctions')
    .set({ status: outcome.status, winner_id: outcome.winner_id, closed_at: now, seq: sql`seq + 1` })
    .where('id', '=', id)
    .where('seq', '=', expectedSeq)
    .where('status', '=', 'open')
    .where('ends_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function cancelAuction(db: Db, id: string, sellerId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('auctions')
    .set({ status: 'cancelled', closed_at: now, seq: sql`seq + 1` })
    .where('id', '=', id)
    .where('seller_id', '=', sellerId)
    .where('status', '=', 'open')
    .where('bid_count', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Open auctions whose end has passed, oldest first: timed auctions and a show's running lots
 * alike (a show's end closes its running lot at once itself). Waiting lots are 'pending', not here.
 */
export const dueAuctions = (db: Db, now: string, limit: number) =>
  db
    .selectFrom('auctions')
    .select('id')
    .where('status', '=', 'open')
    .where('ends_at', '<=', now)
    .orderBy('ends_at')
    .orderBy('id')
    .limit(limit)
    .execute();

export async function nextEnd(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('auctions')
    .select('ends_at')
    .where('status', '=', 'open')
    .orderBy('ends_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.ends_at;
}

/** A live auction stopped before its timer: its end is now. */
export const endEarly = (db: Db, id: string, now: string) =>
  db.updateTable('auctions').set({ ends_at: now }).where('id', '=', id).execute();

/** Whether the product is on an auction still to be decided: open, or a show's lot waiting to run. */
export async function isOpenForProduct(db: Db, productId: string): Promise<boolean> {
  const row = await db
    .selectFrom('auctions')
    .select('id')
    .where('product_id', '=', productId)
    .where('status', 'in', ['open', 'pending'])
    .executeTakeFirst();
  return row !== undefined;
}

/** One page of open auctions in a stable order, keyset-paged on (sort column, id). */
export function openPage(
  db: Db,
  filter: { category?: string },
  sort: { column: AuctionSortColumn; direction: 'asc' | 'desc' },
  limit: number,
  cursor?: Cursor,
) {
  let q = withPeople(db)
    .where('auctions.status', '=', 'open')
    .where('auctions.kind', '=', 'timed')
    // Hidden by staff (issue 31, ADR 0039): tested on the row the status index already led to.
    .where('auctions.hidden_at', 'is', null);
  if (filter.category) q = q.where('auctions.category', '=', filter.category);
  if (cursor) {
    const op = sort.direction === 'asc' ? '>' : '<';
    q = q.where((eb) => eb(eb.refTuple(`auctions.${sort.column}`, 'auctions.id'), op, eb.tuple(cursor[0], cursor[1])));
  }
  return q
    .orderBy(`auctions.${sort.column}`, sort.direction)
    .orderBy('auctions.id', sort.direction)
    .limit(limit)
    .execute();
}

/** A seller's auctions, open ones first, newest first within each. */
export function sellerPage(db: Db, sellerId: string, limit: number, cursor?: Cursor) {
  const openRank = sql<number>`(case when auctions.status = 'open' then 1 else 0 end)`;
  // A show's waiting lot is the run sheet's, not yet an auction anyone can see.
  let q = withPeople(db)
    .select(openRank.as('open_rank'))
    .where('auctions.seller_id', '=', sellerId)
    .where('auctions.status', '!=', 'pending');
  if (cursor) {
    const [rank, createdAt] = String(cursor[0]).split('|');
    q = q.where(
      sql<boolean>`(${openRank}, auctions.created_at, auctions.id) < (${Number(rank)}, ${createdAt}, ${cursor[1]})`,
    );
  }
  return q
    .orderBy(openRank, 'desc')
    .orderBy('auctions.created_at', 'desc')
    .orderBy('auctions.id', 'desc')
    .limit(limit)
    .execute();
}

/** The bidders list: newest first, keyset-paged on the sequence number. */
export function bidsPage(db: Db, auctionId: string, limit: number, beforeSeq?: number) {
  let q = db
    .selectFrom('bids')
    .innerJoin('users', 'users.id', 'bids.bidder_id')
    .select([
      'bids.seq',
      'bids.amount',
      'bids.auto',
      'bids.created_at',
      'users.id as bidder_id',
      'users.username',
      'users.avatar_key',
    ])
    .where('bids.auction_id', '=', auctionId);
  if (beforeSeq !== undefined) q = q.where('bids.seq', '<', beforeSeq);
  return q.orderBy('bids.seq', 'desc').limit(limit).execute();
}

/** The answers already given under these keys in this scope (any person's: the caller matches them). */
export function findIdempotent(db: Db, scope: string, keys: string[]) {
  if (!keys.length) return Promise.resolve([]);
  return db
    .selectFrom('idempotency_keys')
    .select(['user_id', 'key', 'request_hash', 'response'])
    .where('scope', '=', scope)
    .where('key', 'in', keys)
    .execute();
}

/** Records the answers a retry with the same key will get (a rider of the batch); none to record, no statement. */
export const recordIdempotent = (db: Db, rows: DB['idempotency_keys'][]) =>
  rows.length ? db.insertInto('idempotency_keys').values(rows).returning('key') : undefined;

export const deleteIdempotentBefore = (db: Db, before: string) =>
  db.deleteFrom('idempotency_keys').where('created_at', '<', before).execute();

/**
 * Of these people, those who may be mailed about this topic now (and it is recorded): at most one
 * mail per window each, decided by one statement, so two bids at once cannot both send. A rider of
 * the batch; nobody to ask about, no statement.
 */
export function takeMailSlots(db: Db, userIds: string[], topic: string, now: string, windowStart: string) {
  if (!userIds.length) return undefined;
  return db
    .insertInto('mail_throttle')
    .values(userIds.map((user_id) => ({ user_id, topic, last_sent_at: now })))
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'topic'])
        .doUpdateSet({ last_sent_at: now })
        .where('mail_throttle.last_sent_at', '<', windowStart),
    )
    .returning('user_id');
}

/** Every auction's photo keys, for the orphan sweep: an auction keeps its photos after its product goes. */
export const imageColumns = (db: Db) => db.selectFrom('auctions').select('images').execute();

// For You candidates and signals (the feed module asks through the auctions service).
const FEED_FIELDS = [
  'auctions.id',
  'auctions.seller_id',
  'auctions.category',
  'auctions.bid_count',
  'auctions.created_at',
  'auctions.ends_at',
] as const;

/** Open timed auctions still running, soonest end first; the same for every viewer, so the feed can share them. */
export function feedAuctions(db: Db, opts: { now: string; limit: number; category?: string; sellerId?: string }) {
  let q = db
    .selectFrom('auctions')
    .select(FEED_FIELDS)
    .where('auctions.status', '=', 'open')
    .where('auctions.kind', '=', 'timed')
    .where('auctions.ends_at', '>', opts.now)
    .where('auctions.hidden_at', 'is', null);
  if (opts.category) q = q.where('auctions.category', '=', opts.category);
  if (opts.sellerId) q = q.where('auctions.seller_id', '=', opts.sellerId);
  return q.orderBy('auctions.ends_at').orderBy('auctions.id').limit(opts.limit).execute();
}

/**
 * The auctions a person bid on, latest ending first: seller and category of each, once per auction
 * however many bids they made (read through their maxima, whose index a bid does not touch).
 */
export const bidSignals = (db: Db, userId: string, limit: number) =>
  db
    .selectFrom('auction_max_bids')
    .innerJoin('auctions', 'auctions.id', 'auction_max_bids.auction_id')
    .select(['auctions.id', 'auctions.seller_id', 'auctions.category'])
    .where('auction_max_bids.bidder_id', '=', userId)
    .orderBy('auctions.ends_at', 'desc')
    .orderBy('auctions.id')
    .limit(limit)
    .execute();

// Prepared (a list as one value): a feed page asks for these on every request.
const auctionsByIdsOf = prepared((db, p: { ids: string[] }, dialect) =>
  withPeople(db).where(inList(dialect, 'auctions.id', p.ids)),
);

export const auctionsByIds = (db: Db, ids: string[]) =>
  ids.length ? auctionsByIdsOf(db, { ids }) : Promise.resolve([]);

/**
 * Staff hide an auction or show it again (issue 31). The sequence number moves, so a bid batch
 * decided on the auction as it was before is decided again under the lock, and sees it.
 */
export async function setHidden(db: Db, id: string, hidden: { at: string; reason: string } | null): Promise<boolean> {
  const result = await db
    .updateTable('auctions')
    .set({
      ...(hidden ? { hidden_at: hidden.at, hidden_reason: hidden.reason } : { hidden_at: null, hidden_reason: null }),
      seq: sql`seq + 1`,
    })
    .where('id', '=', id)
    .where('hidden_at', hidden ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A seller's auctions still to be decided (open, or a show's lots waiting), for a suspension to cancel. */
export const undecidedOf = (db: Db, sellerId: string) =>
  db
    .selectFrom('auctions')
    .select(['id', 'title', 'product_id', 'stream_id', 'status', 'seq'])
    .where('seller_id', '=', sellerId)
    .where('status', 'in', ['open', 'pending'])
    .execute();

/** A product's show lots not yet decided (waiting, running, or passed and so runnable again). */
export const undecidedLotsOf = (db: Db, productId: string) =>
  db
    .selectFrom('auctions')
    .select('id')
    .where('product_id', '=', productId)
    .where('kind', '=', 'live')
    .where('status', 'in', ['pending', 'open', 'unsold'])
    .execute();

/** Cancels an auction still open or waiting, whatever its bids: only a staff suspension does this. */
export async function cancelUndecided(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('auctions')
    .set({ status: 'cancelled', closed_at: now, seq: sql`seq + 1` })
    .where('id', '=', id)
    .where('status', 'in', ['open', 'pending'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Everyone who bid on an auction: their maxima, one row each. */
export const biddersOf = async (db: Db, auctionId: string) =>
  (await db.selectFrom('auction_max_bids').select('bidder_id').where('auction_id', '=', auctionId).execute()).map(
    (r) => r.bidder_id,
  );

/** Auctions as the staff's report queue shows them. */
export const reportedAuctions = (db: Db, ids: string[]) =>
  ids.length ? withPeople(db).where('auctions.id', 'in', ids).execute() : Promise.resolve([]);
