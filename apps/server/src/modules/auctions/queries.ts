import { sql, type Compilable, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { AuctionsTable, AuctionStatusValue, DB } from '../../db/schema.js';
import type { Cursor } from '../../lib/cursor.js';
import { inList, prepared, preparedWrite } from '../../db/prepared.js';

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

interface BidChange {
  id: string;
  expectedSeq: number;
  now: string;
  current_bid: number;
  sort_price: number;
  leader_id: string;
  leader_max: number;
  bids: number;
  ends_at: string;
}

/**
 * Applies an accepted bid. The WHERE repeats what the bid was decided on (same sequence number,
 * still open, not yet over), so even without the lock a stale decision would change nothing.
 */
const bidUpdate = (db: Kysely<DB>, p: BidChange) =>
  db
    .updateTable('auctions')
    .set({
      current_bid: p.current_bid,
      sort_price: p.sort_price,
      leader_id: p.leader_id,
      leader_max: p.leader_max,
      ends_at: p.ends_at,
      bid_count: sql`bid_count + ${p.bids}`,
      seq: sql`seq + ${p.bids}`,
    })
    .where('id', '=', p.id)
    .where('seq', '=', p.expectedSeq)
    .where('status', '=', 'open')
    .where('ends_at', '>', p.now);

const applyBidOnce = preparedWrite(bidUpdate);

// On SQLite a batch of bids writes its rows in one statement each (ADR 0026). The SQL differs with
// the number of rows, so these are built per call; a batch pays that once for all its bids.

async function insertBids(db: Db, rows: DB['bids'][]): Promise<void> {
  if (rows.length) await db.insertInto('bids').values(rows).execute();
}

/** Each bidder's maximum (one row per bidder: a statement may not change a row twice). */
async function upsertMaxBids(db: Db, rows: DB['auction_max_bids'][]): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('auction_max_bids')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['auction_id', 'bidder_id']).doUpdateSet((eb) => ({
        max_amount: eb.ref('excluded.max_amount'),
        placed_seq: eb.ref('excluded.placed_seq'),
      })),
    )
    .execute();
}

/**
 * Another write of the batch that returns rows (the notifications, the mail slots, the
 * idempotency records), sent with the batch's own statement and kept only if the auction's update
 * matched.
 */
export interface Rider<Row> extends Compilable<Row> {
  execute(): Promise<Row[]>;
}
type Riders = Record<string, Rider<unknown> | undefined>;
/** Each rider's stored rows, by its name; none for one not given. */
export type RiderRows<R extends Riders> = { [K in keyof R]: R[K] extends Rider<infer Row> | undefined ? Row[] : never };

/** PostgreSQL's SQLSTATE for a division by zero: the one statement's way of refusing itself. */
const DIVISION_BY_ZERO = '22012';

/**
 * PostgreSQL: the auction's change, its bid rows, its bidders' maxima and the riders in one
 * statement, one round trip (each round trip is also a system call, the server's largest cost at
 * 1,000 bids/s: bench/README). The bid rows travel as two JSON parameters, so that SQL is the same
 * for every batch size. A rider's rows come back as JSON, so it must return only text and numbers.
 *
 * The riders are written whatever the auction's update (`bidUpdate`, the same as on SQLite) did,
 * so a statement whose update matched nothing must leave nothing: its last line divides by the
 * number of rows moved, and the error undoes the whole statement, in a transaction or alone.
 */
async function applyBatchInOneStatement(
  db: Db,
  change: BidChange,
  bids: DB['bids'][],
  maxima: DB['auction_max_bids'][],
  riders: Array<Rider<unknown>>,
) {
  const name = (i: number) => sql.id(`rider_${i}`);
  const ridersWith = riders.map((query, i) => sql`, ${name(i)} as (${query})`);
  const ridersRows = riders.map(
    (_, i) => sql`, (select coalesce(json_agg(r), '[]'::json) from ${name(i)} r) as ${name(i)}`,
  );
  const result = await sql<Record<string, unknown[]>>`
    with moved as (${bidUpdate(db, change).returning('id')}),
    placed as (
      insert into bids (auction_id, seq, bidder_id, amount, auto, created_at)
      select r.auction_id, r.seq, r.bidder_id, r.amount, r.auto, r.created_at
      from jsonb_to_recordset(${JSON.stringify(bids)}::jsonb)
        as r(auction_id varchar(36), seq integer, bidder_id varchar(36), amount bigint, auto integer, created_at varchar(30))
      where exists (select 1 from moved)
    ),
    maxima as (
      insert into auction_max_bids (auction_id, bidder_id, max_amount, placed_seq)
      select r.auction_id, r.bidder_id, r.max_amount, r.placed_seq
      from jsonb_to_recordset(${JSON.stringify(maxima)}::jsonb)
        as r(auction_id varchar(36), bidder_id varchar(36), max_amount bigint, placed_seq integer)
      where exists (select 1 from moved)
      on conflict (auction_id, bidder_id) do update set max_amount = excluded.max_amount, placed_seq = excluded.placed_seq
    )${sql.join(ridersWith, sql``)}
    select 1 / (select count(*)::integer from moved) as moved${sql.join(ridersRows, sql``)}`
    .execute(db)
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === DIVISION_BY_ZERO) return undefined;
      throw error;
    });
  if (!result) return undefined;
  const row = result.rows[0]!;
  return riders.map((_, i) => row[`rider_${i}`]!);
}

/**
 * Writes a batch's accepted bids: the auction's new state, the bid rows, the bidders' maxima,
 * then the riders, whose stored rows it returns. Undefined, and nothing written, when the auction
 * was no longer as the batch found it. On PostgreSQL that is one statement, which may run outside
 * a transaction; on SQLite each statement is a call into the same process, so they stay separate,
 * in the caller's transaction.
 */
export async function applyBatch<R extends Riders>(
  db: Db,
  dialect: DialectName,
  change: BidChange,
  bids: DB['bids'][],
  maxima: DB['auction_max_bids'][],
  riders: R,
): Promise<RiderRows<R> | undefined> {
  const given = Object.entries(riders).filter((entry): entry is [string, Rider<unknown>] => entry[1] !== undefined);
  let stored: unknown[][] | undefined;
  if (dialect === 'postgres') {
    stored = await applyBatchInOneStatement(
      db,
      change,
      bids,
      maxima,
      given.map(([, query]) => query),
    );
  } else if ((await applyBidOnce(db, change)) === 1) {
    await insertBids(db, bids);
    await upsertMaxBids(db, maxima);
    stored = [];
    for (const [, query] of given) stored.push(await query.execute());
  }
  if (!stored) return undefined;
  const byName = new Map(given.map(([key], i) => [key, stored[i]!]));
  return Object.fromEntries(Object.keys(riders).map((key) => [key, byName.get(key) ?? []])) as RiderRows<R>;
}

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
