import {
  SqliteAdapter,
  sql,
  type Compilable,
  type CompiledQuery,
  type DialectAdapter,
  type Kysely,
  type QueryResult,
  type RawBuilder,
  type SqlBool,
} from 'kysely';
import type { DialectName } from './database.js';
import type { DB } from './schema.js';

/**
 * `reference in (list)` in a prepared query, the list one argument (an array of strings): its SQL
 * is the same for any length. SQLite reads the list as JSON, PostgreSQL as an array.
 */
export function inList(dialect: DialectName, reference: string, list: unknown): RawBuilder<SqlBool> {
  return dialect === 'sqlite'
    ? sql<SqlBool>`${sql.ref(reference)} in (select value from json_each(${list}))`
    : sql<SqlBool>`${sql.ref(reference)} = any(${list})`;
}

const dialectOf = (adapter: DialectAdapter): DialectName => (adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres');

/** Stands in for an argument while the query is built; replaced by the argument's value at each run. */
class Slot {
  constructor(readonly name: string) {}
}

interface Compiled {
  query: CompiledQuery;
  dialect: DialectName;
  /** For each parameter, the argument it takes, or undefined for a constant of the query. */
  slots: Array<string | undefined>;
}

function preparedQuery<Args extends object, Row, D>(
  build: (db: Kysely<D>, args: Args, dialect: DialectName) => Compilable<Row>,
): (db: Kysely<D>, args: Args) => Promise<QueryResult<Row>> {
  // Per dialect: SQLite and PostgreSQL compile differently. Keyed by the adapter, which a
  // database's transactions share with it, so a transaction runs the same compiled query.
  const compiled = new WeakMap<DialectAdapter, Compiled>();
  const standIns = new Proxy({} as Args, {
    get: (_target, name) => new Slot(String(name)),
    // `values(args)` would see no columns and insert none: name each one instead.
    ownKeys: () => {
      throw new TypeError('a prepared query cannot list its arguments: name each column it writes');
    },
  });

  function compile(db: Kysely<D>, adapter: DialectAdapter): Compiled {
    const dialect = dialectOf(adapter);
    const query = build(db, standIns, dialect).compile() as CompiledQuery;
    const slots = query.parameters.map((p) => (p instanceof Slot ? p.name : undefined));
    const entry = { query, dialect, slots };
    compiled.set(adapter, entry);
    return entry;
  }

  return (db, args) => {
    const adapter = db.getExecutor().adapter;
    const { query, dialect, slots } = compiled.get(adapter) ?? compile(db, adapter);
    const parameters = slots.map((name, i) => {
      if (name === undefined) return query.parameters[i];
      const value = (args as Record<string, unknown>)[name];
      // A list (inList): SQLite's json_each reads it as JSON.
      return dialect === 'sqlite' && Array.isArray(value) ? JSON.stringify(value) : value;
    });
    return db.executeQuery<Row>({ query: query.query, queryId: query.queryId, sql: query.sql, parameters });
  };
}

/**
 * A query built and compiled once per dialect and run with new values each time. Building a
 * query with Kysely (builder objects, an operation tree, the compiler's walk over it) costs more
 * than running a lookup by key; hot queries skip it.
 *
 * `build` receives stand-ins for the arguments, so it must not look at their values: no `if` on
 * an argument (keep one prepared query per shape instead), and a list only through `inList` (an
 * IN list's length is part of its SQL). Each argument must appear in the query as a value. It is
 * told the database's dialect, for SQL the two write differently.
 */
export function prepared<Args extends object, Row, D = DB>(
  build: (db: Kysely<D>, args: Args, dialect: DialectName) => Compilable<Row>,
): (db: Kysely<D>, args: Args) => Promise<Row[]> {
  const run = preparedQuery(build);
  return async (db, args) => (await run(db, args)).rows;
}

/** A prepared insert, update or delete (as `prepared`), answering how many rows it changed. */
export function preparedWrite<Args extends object, D = DB>(
  build: (db: Kysely<D>, args: Args) => Compilable<unknown>,
): (db: Kysely<D>, args: Args) => Promise<number> {
  const run = preparedQuery(build);
  return async (db, args) => Number((await run(db, args)).numAffectedRows ?? 0);
}
