import { sql, type Compilable, type Kysely, type Transaction } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import { preparedWrite } from '../../db/prepared.js';

type Db = Kysely<DB> | Transaction<DB>;

// A batch of bids as the database writes it: the auction's row moved on once, its bids and maxima
// added, and what the riders (the mail throttle, the idempotency keys) add in the same statement.
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
