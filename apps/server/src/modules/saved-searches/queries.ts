import { sql, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export const listOf = (db: Db, userId: string) =>
  db
    .selectFrom('saved_searches')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();

export const findByKey = (db: Db, userId: string, key: string) =>
  db
    .selectFrom('saved_searches')
    .selectAll()
    .where('user_id', '=', userId)
    .where('search_key', '=', key)
    .executeTakeFirst();

export async function countOf(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('saved_searches')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Saves of one person's searches are taken one at a time, so the limit holds however many arrive
 * at once: PostgreSQL by a lock on the person for the transaction; SQLite writes one at a time.
 */
export async function lockPerson(trx: Transaction<DB>, dialect: DialectName, userId: string): Promise<void> {
  if (dialect === 'postgres')
    await sql`select pg_advisory_xact_lock(hashtext(${'saved-search:' + userId}))`.execute(trx);
}

/** False when the same search was saved meanwhile (the unique key). */
export async function insertSearch(trx: Transaction<DB>, row: DB['saved_searches'], words: string[]): Promise<boolean> {
  const inserted = await trx
    .insertInto('saved_searches')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'search_key']).doNothing())
    .returning('id')
    .execute();
  if (!inserted.length) return false;
  if (words.length)
    await trx
      .insertInto('saved_search_words')
      .values(words.map((word) => ({ word, search_id: row.id, word_count: words.length })))
      .execute();
  return true;
}

/** Its words go with it (ON DELETE CASCADE). */
export async function deleteSearch(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('saved_searches')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface ListingTerms {
  words: string[];
  category: string | null;
  price: number | null;
  isAuction: boolean;
  sellerId: string;
}

/**
 * The searches all of whose words the listing holds (ADR 0040): only the index rows of the
 * listing's words are read, and a search qualifies when the count of its rows among them is its
 * whole word count (each row carries it). One index range and an aggregate, whatever the planner
 * knows of the tables.
 */
export const searchesWithAllWords = (db: Db, words: string[]) =>
  db
    .selectFrom('saved_search_words')
    .select('search_id')
    .where('word', 'in', words)
    .groupBy(['search_id', 'word_count'])
    .having((eb) => eb(eb.fn.countAll(), '=', eb.ref('word_count')))
    .execute();

/** Ids looked up per statement: far under either database's limit on parameters. */
const IDS_PER_STATEMENT = 1000;

/**
 * The people with a search this listing matches: the searches found by their words (above) or,
 * for searches with no words (a category alone), by the category's index; then filtered by
 * category, ceiling and auctions only, by primary key, and never the lister.
 */
export async function matchingPeople(db: Db, t: ListingTerms): Promise<string[]> {
  // `s` is the saved search. A show has no category nor price.
  const category =
    t.category === null ? sql`s.category is null` : sql`(s.category is null or s.category = ${t.category})`;
  const price = t.price === null ? sql`1 = 1` : sql`(s.max_price is null or s.max_price >= ${t.price})`;
  const kind = t.isAuction ? sql`1 = 1` : sql`s.auctions_only = 0`;
  const filters = sql<SqlBool>`s.user_id <> ${t.sellerId} and ${category} and ${price} and ${kind}`;

  const ids = t.words.length ? (await searchesWithAllWords(db, t.words)).map((r) => r.search_id) : [];
  const found: Array<Promise<Array<{ user_id: string }>>> = [];
  for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT)
    found.push(
      db
        .selectFrom('saved_searches as s')
        .select('s.user_id')
        .where('s.id', 'in', ids.slice(i, i + IDS_PER_STATEMENT))
        .where(filters)
        .execute(),
    );
  if (t.category !== null)
    found.push(
      db
        .selectFrom('saved_searches as s')
        .select('s.user_id')
        .where('s.word_count', '=', 0)
        .where('s.category', '=', t.category)
        .where(filters)
        .execute(),
    );
  const rows = await Promise.all(found);
  return [...new Set(rows.flat().map((r) => r.user_id))];
}

/** One hit per person per listing: the ones stored now (a person already told is left out). */
export const insertHits = (trx: Transaction<DB>, rows: DB['saved_search_hits'][]) =>
  trx
    .insertInto('saved_search_hits')
    .values(rows)
    .onConflict((oc) => oc.columns(['user_id', 'listing_kind', 'listing_id']).doNothing())
    .returning('user_id')
    .execute();

/** People with news not yet mailed, whose last digest is at least `cutoff` old (or who never had one). */
export const peopleDue = (db: Db, cutoff: string, limit: number) =>
  db
    .selectFrom('saved_search_hits as h')
    .leftJoin('saved_search_digests as d', 'd.user_id', 'h.user_id')
    .select('h.user_id')
    .distinct()
    .where('h.mailed_at', 'is', null)
    .where((eb) => eb.or([eb('d.sent_at', 'is', null), eb('d.sent_at', '<=', cutoff)]))
    .limit(limit)
    .execute();

/**
 * Claims a person's digest: true for exactly one caller per period, however many instances run
 * the job (a conditional upsert).
 */
export async function claimDigest(trx: Transaction<DB>, userId: string, now: string, cutoff: string): Promise<boolean> {
  const rows = await trx
    .insertInto('saved_search_digests')
    .values({ user_id: userId, sent_at: now })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({ sent_at: now }).where('saved_search_digests.sent_at', '<=', cutoff),
    )
    .returning('user_id')
    .execute();
  return rows.length > 0;
}

/** The person's unmailed hits, marked mailed now; oldest first. */
export const takeUnmailed = (trx: Transaction<DB>, userId: string, now: string) =>
  trx
    .updateTable('saved_search_hits')
    .set({ mailed_at: now })
    .where('user_id', '=', userId)
    .where('mailed_at', 'is', null)
    .returning(['listing_kind', 'title', 'link', 'created_at'])
    .execute();

/** Hits already mailed before `before` are let go: the bell and the mail have told of them. */
export const deleteMailedBefore = (db: Db, before: string) =>
  db.deleteFrom('saved_search_hits').where('mailed_at', 'is not', null).where('mailed_at', '<', before).execute();
