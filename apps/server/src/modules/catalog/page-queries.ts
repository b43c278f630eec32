import { sql, type Expression, type SqlBool } from 'kysely';
import { characterCount, foldForSearch } from '@souq/shared';
import type { DialectName } from '../../db/database.js';
import { prepared } from '../../db/prepared.js';
import type { Cursor } from '../../lib/cursor.js';
import { SUMMARY_COLUMNS, type Db, type SortSpec, type SummaryRow } from './queries.js';

// The shop's and a profile's pages of products, browsed or searched: one prepared statement per page shape (ADR 0027),
// and on a search the quickest plan for how rare the text is.

/** `%text%` for LIKE, from folded text, with the user's own %, _ and \\ taken literally. */
function containsPattern(folded: string): string {
  return `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface ListFilter {
  category?: string;
  ownerId?: string;
  search?: { text: string; dialect: DialectName };
  shopOnly?: boolean;
}

/** The values of one page's query; its shape (which filters, which sort, a cursor or not) is fixed apart. */
interface PageArgs {
  category: string;
  ownerId: string;
  afterValue: string | number;
  afterId: string;
  limit: number;
}

interface PageShape {
  category: boolean;
  owner: boolean;
  shopOnly: boolean;
  cursor: boolean;
  sort: SortSpec;
}

/** The page's rows in no particular order: its filters, the condition, and what comes after the cursor. */
function pageRows(db: Db, shape: PageShape, args: PageArgs, condition?: Expression<SqlBool>) {
  let q = db.selectFrom('products').select(SUMMARY_COLUMNS);
  if (shape.category) q = q.where('category', '=', args.category);
  if (shape.owner) q = q.where('owner_id', '=', args.ownerId);
  if (shape.shopOnly) q = q.where('is_auction', '=', 0);
  // Hidden by staff (issue 31, ADR 0039): tested on the row the sort index already led to, as is_auction is.
  q = q.where('hidden_at', 'is', null);
  if (condition) q = q.where(condition);
  if (shape.cursor) {
    const op = shape.sort.direction === 'asc' ? '>' : '<';
    q = q.where((eb) => eb(eb.refTuple(shape.sort.column, 'id'), op, eb.tuple(args.afterValue, args.afterId)));
  }
  return q;
}

function pageQuery(db: Db, shape: PageShape, args: PageArgs, condition?: Expression<SqlBool>) {
  return pageRows(db, shape, args, condition)
    .orderBy(shape.sort.column, shape.sort.direction)
    .orderBy('id', shape.sort.direction)
    .limit(args.limit);
}

// One prepared query per shape: at most 5 sort columns × 2 directions × 16 filter combinations.
const preparedPages = new Map<string, (db: Db, args: PageArgs) => Promise<SummaryRow[]>>();

function preparedPage(shape: PageShape) {
  const key = `${shape.sort.column} ${shape.sort.direction} ${+shape.category}${+shape.owner}${+shape.shopOnly}${+shape.cursor}`;
  let run = preparedPages.get(key);
  if (!run) {
    run = prepared((db, args: PageArgs) => pageQuery(db, shape, args));
    preparedPages.set(key, run);
  }
  return run;
}

/**
 * One page in a stable order. Keyset paging on (sort column, id) keeps every page an index
 * range scan however deep the reader goes, and never repeats or skips a row. Searches are built
 * each time (their condition depends on the text); every other page runs a prepared query.
 */
export async function listPage(
  db: Db,
  filter: ListFilter,
  sort: SortSpec,
  limit: number,
  cursor?: Cursor,
): Promise<SummaryRow[]> {
  const shape = {
    category: !!filter.category,
    owner: !!filter.ownerId,
    shopOnly: !!filter.shopOnly,
    cursor: !!cursor,
    sort,
  };
  const args = {
    category: filter.category ?? '',
    ownerId: filter.ownerId ?? '',
    afterValue: cursor?.[0] ?? '',
    afterId: cursor?.[1] ?? '',
    limit,
  };
  if (!filter.search) return preparedPage(shape)(db, args);
  return searchPage(db, shape, args, filter.search.text, filter.search.dialect);
}

/** Below this many matches a search is "rare": sorting them all is the quickest way to a page. */
const DENSE_MATCHES = 2000;

/**
 * SQLite's FTS5 trigram rows whose text contains `folded`. Text of three characters or more is a
 * phrase, answered from the index alone: consecutive trigrams are exactly containment, and unlike
 * LIKE the phrase reads no candidate's text back (several times faster for thousands of matches)
 * and takes % and _ literally as they are. Shorter text has no trigram: FTS5 scans for it either way.
 */
function ftsRowids(folded: string) {
  return characterCount(folded) >= 3
    ? sql`select rowid from products_search where products_search match ${`"${folded.replace(/"/g, '""')}"`}`
    : sql`select rowid from products_search where search_text like ${containsPattern(folded)} escape '\\'`;
}

/**
 * A page of products whose search_text contains the text, answered from an index on both
 * databases: SQLite's FTS5 trigram table, PostgreSQL's pg_trgm GIN index. A rare text takes every
 * match from the index and sorts them. For a common one ("watch") that sort costs more than
 * walking the sort index until a page is full, but only while the matches are spread through the
 * order: Arabic titles sort after every Latin one, so "ساعة" by name would first walk past the
 * 60,000 English products of the bench's 100,000 (half a second). So the walk is bounded, and a
 * page it has not filled by then comes from the index.
 */
async function searchPage(
  db: Db,
  shape: PageShape,
  args: PageArgs,
  text: string,
  dialect: DialectName,
): Promise<SummaryRow[]> {
  // search_text is stored folded (derivedColumns), so the query is folded the same way to meet it.
  const folded = foldForSearch(text);
  const contains = sql<SqlBool>`search_text like ${containsPattern(folded)} escape '\\'`;
  return dialect === 'sqlite'
    ? sqliteSearchPage(db, shape, args, folded, contains)
    : postgresSearchPage(db, shape, args, contains);
}

async function sqliteSearchPage(
  db: Db,
  shape: PageShape,
  args: PageArgs,
  folded: string,
  contains: Expression<SqlBool>,
) {
  const fts = ftsRowids(folded);
  const { n } = await sql<{ n: number }>`select count(*) as n from (${fts} limit ${DENSE_MATCHES}) as m`
    .execute(db)
    .then((r) => r.rows[0]!);
  if (n < DENSE_MATCHES) return pageQuery(db, shape, args, sql<SqlBool>`products.rowid in (${fts})`).execute();
  const walked = await walkedPage(db, shape, args, contains, DENSE_MATCHES).execute();
  if (walked.length === args.limit) return walked;
  // Sorting thousands of matches reads each one's row by rowid, and past SQLite's page cache each
  // read is a system call. The unary + keeps the rowid test from choosing the plan: SQLite walks
  // the sort index instead, whose entries hold the rowid, tests each against the set of matches
  // (a Bloom filter first) and reads only the rows on the page: 8 ms for "ساعة" where sorting took 25.
  return pageQuery(db, shape, args, sql<SqlBool>`+products.rowid in (${fts})`).execute();
}

async function postgresSearchPage(db: Db, shape: PageShape, args: PageArgs, contains: Expression<SqlBool>) {
  // Counting would have the GIN index collect every match first; the planner's estimate (from
  // ANALYZE's sample of search_text) costs a plan, and only chooses between two exact answers.
  const plan = await sql<{
    'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }];
  }>`explain (format json) select 1 from products where ${contains}`.execute(db);
  const estimate = plan.rows[0]!['QUERY PLAN'][0].Plan['Plan Rows'];
  const { column, direction } = shape.sort;
  // OFFSET 0 keeps the planner from merging the matches into the page's ORDER BY … LIMIT: that is the walk again.
  if (estimate < DENSE_MATCHES) {
    const matches = pageRows(db, shape, args, contains).offset(0).as('m');
    return db
      .selectFrom(matches)
      .selectAll()
      .orderBy(column, direction)
      .orderBy('id', direction)
      .limit(args.limit)
      .execute();
  }
  // A walked row (a heap fetch and a LIKE) costs about what a sorted match does: walk a quarter as
  // many rows as there are matches, so a page the walk cannot find costs at most a quarter more
  // than sorting at once, while one spread through the order (a page every few hundred rows) is walked.
  const walked = await walkedPage(db, shape, args, contains, Math.ceil(estimate / 4)).execute();
  if (walked.length === args.limit) return walked;
  // Thousands of matches: sort their keys alone and read the page's rows after, a third cheaper than sorting rows.
  const keys = pageRows(db, shape, args, contains).clearSelect().select(['id', column]).offset(0).as('m');
  const pageIds = db
    .selectFrom(keys)
    .select('id')
    .orderBy(column, direction)
    .orderBy('id', direction)
    .limit(args.limit);
  return db
    .selectFrom('products')
    .select(SUMMARY_COLUMNS)
    .where('id', 'in', pageIds)
    .orderBy(column, direction)
    .orderBy('id', direction)
    .execute();
}

/** The page among the first `window` rows of the sort order that contain the text. */
function walkedPage(db: Db, shape: PageShape, args: PageArgs, contains: Expression<SqlBool>, window: number) {
  const rows = pageQuery(db, shape, { ...args, limit: window })
    .select('search_text')
    .as('w');
  return db
    .selectFrom(rows)
    .select(SUMMARY_COLUMNS)
    .where(contains)
    .orderBy(shape.sort.column, shape.sort.direction)
    .orderBy('id', shape.sort.direction)
    .limit(args.limit);
}
