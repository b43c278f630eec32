import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

const CARD_COLUMNS = [
  'stream_giveaways.id',
  'stream_giveaways.stream_id',
  'stream_giveaways.product_id',
  'stream_giveaways.eligibility',
  'stream_giveaways.delivery_fee',
  'stream_giveaways.ends_at',
  'stream_giveaways.status',
  'stream_giveaways.entry_count',
  'stream_giveaways.winner_id',
  'products.title',
  'products.images',
  'products.owner_id',
  'winner.username as winner_username',
] as const;

const cards = (db: Db) =>
  db
    .selectFrom('stream_giveaways')
    .innerJoin('products', 'products.id', 'stream_giveaways.product_id')
    .leftJoin('users as winner', 'winner.id', 'stream_giveaways.winner_id')
    .select(CARD_COLUMNS);

/** The show's latest giveaway, running or drawn. */
export const latestOf = (db: Db, streamId: string) =>
  cards(db)
    .where('stream_giveaways.stream_id', '=', streamId)
    .orderBy('stream_giveaways.created_at', 'desc')
    .orderBy('stream_giveaways.id', 'desc')
    .limit(1)
    .executeTakeFirst();
export type GiveawayRow = NonNullable<Awaited<ReturnType<typeof latestOf>>>;

export const cardOf = (db: Db, id: string) => cards(db).where('stream_giveaways.id', '=', id).executeTakeFirst();

export const insertGiveaway = (db: Db, row: Insertable<DB['stream_giveaways']>) =>
  db.insertInto('stream_giveaways').values(row).execute();

/** The show's running giveaway, if any: one at a time. */
export const openOf = (db: Db, streamId: string) =>
  db
    .selectFrom('stream_giveaways')
    .select('id')
    .where('stream_id', '=', streamId)
    .where('status', '=', 'open')
    .executeTakeFirst();

/**
 * The giveaway an entry is for, locked on PostgreSQL until the entry's transaction ends (SQLite's
 * BEGIN IMMEDIATE already holds the write lock): the draw waits for entries in flight, and an
 * entry after the draw sees it drawn.
 */
export const lockGiveaway = (db: Db, id: string, streamId: string, dialect: DialectName) =>
  db
    .selectFrom('stream_giveaways')
    .select(['id', 'stream_id', 'eligibility', 'ends_at', 'status'])
    .where('id', '=', id)
    .where('stream_id', '=', streamId)
    .$if(dialect === 'postgres', (query) => query.forUpdate())
    .executeTakeFirst();

/** One entry per person: the primary key refuses a second (0 rows). */
export async function insertEntry(db: Db, giveawayId: string, userId: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('giveaway_entries')
    .values({ giveaway_id: giveawayId, user_id: userId, created_at: at })
    .onConflict((oc) => oc.columns(['giveaway_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export const hasEntered = async (db: Db, giveawayId: string, userId: string) =>
  (await db
    .selectFrom('giveaway_entries')
    .select('user_id')
    .where('giveaway_id', '=', giveawayId)
    .where('user_id', '=', userId)
    .executeTakeFirst()) !== undefined;

export const entrantsOf = async (db: Db, giveawayId: string): Promise<string[]> =>
  (await db.selectFrom('giveaway_entries').select('user_id').where('giveaway_id', '=', giveawayId).execute()).map(
    (r) => r.user_id,
  );

/** Giveaways whose timer has run out and that nobody has drawn yet. */
export const dueIds = async (db: Db, now: string): Promise<string[]> =>
  (
    await db
      .selectFrom('stream_giveaways')
      .select('id')
      .where('status', '=', 'open')
      .where('ends_at', '<=', now)
      .orderBy('ends_at')
      .limit(50)
      .execute()
  ).map((r) => r.id);

/** The soonest running giveaway's end, to wake the draw then. */
export const nextEnd = async (db: Db): Promise<string | undefined> =>
  (
    await db
      .selectFrom('stream_giveaways')
      .select('ends_at')
      .where('status', '=', 'open')
      .orderBy('ends_at')
      .limit(1)
      .executeTakeFirst()
  )?.ends_at;

/**
 * Claims a due giveaway for its draw: one instance, once (the condition and the change are one
 * statement). On PostgreSQL it waits for entries holding the giveaway's lock, which have committed
 * by the time the draw reads the entries.
 */
export async function claimDue(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('stream_giveaways')
    .set({ status: 'no_entries', drawn_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where('ends_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const recordDraw = (
  db: Db,
  id: string,
  draw: { seed: string; entriesHash: string; count: number; winnerId: string | null; orderId: string | null },
) =>
  db
    .updateTable('stream_giveaways')
    .set({
      status: draw.winnerId ? 'drawn' : 'no_entries',
      seed: draw.seed,
      entries_hash: draw.entriesHash,
      entry_count: draw.count,
      winner_id: draw.winnerId,
      order_id: draw.orderId,
    })
    .where('id', '=', id)
    .execute();

export const storedDraw = (db: Db, id: string) =>
  db
    .selectFrom('stream_giveaways')
    .select(['id', 'seed', 'entries_hash', 'winner_id', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
