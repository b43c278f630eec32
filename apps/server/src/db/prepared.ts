import type { Compilable, CompiledQuery, DialectAdapter, Kysely, QueryResult } from 'kysely';
import type { DB } from './schema.js';

/** Stands in for an argument while the query is built; replaced by the argument's value at each run. */
class Slot {
  constructor(readonly name: string) {}
}

interface Compiled {
  query: CompiledQuery;
  /** For each parameter, the argument it takes, or undefined for a constant of the query. */
  slots: Array<string | undefined>;
}

function preparedQuery<Args extends object, Row, D>(
  build: (db: Kysely<D>, args: Args) => Compilable<Row>,
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
    const query = build(db, standIns).compile() as CompiledQuery;
    const slots = query.parameters.map((p) => (p instanceof Slot ? p.name : undefined));
    const entry = { query, slots };
    compiled.set(adapter, entry);
    return entry;
  }

  return (db, args) => {
    const adapter = db.getExecutor().adapter;
    const { query, slots } = compiled.get(adapter) ?? compile(db, adapter);
    const parameters = slots.map((name, i) =>
      name === undefined ? query.parameters[i] : (args as Record<string, unknown>)[name],
    );
    return db.executeQuery<Row>({ query: query.query, queryId: query.queryId, sql: query.sql, parameters });
  };
}

/**
 * A query built and compiled once per dialect and run with new values each time. Building a
 * query with Kysely (builder objects, an operation tree, the compiler's walk over it) costs more
 * than running a lookup by key; hot queries skip it.
 *
 * `build` receives stand-ins for the arguments, so it must not look at their values: no `if` on
 * an argument (keep one prepared query per shape instead), no arrays (an IN list's length is part
 * of its SQL). Each argument must appear in the query as a value.
 */
export function prepared<Args extends object, Row, D = DB>(
  build: (db: Kysely<D>, args: Args) => Compilable<Row>,
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
