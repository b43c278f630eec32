import type { Compilable, CompiledQuery, Kysely } from 'kysely';
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

/**
 * A query built and compiled once per database and run with new values each time. Building a
 * query with Kysely (builder objects, an operation tree, the compiler's walk over it) costs more
 * than running a lookup by key; hot queries on the read path skip it.
 *
 * `build` receives stand-ins for the arguments, so it must not look at their values: no `if` on
 * an argument (keep one prepared query per shape instead), no arrays (an IN list's length is part
 * of its SQL). Each argument must appear in the query as a value.
 */
export function prepared<Args extends object, Row, D = DB>(
  build: (db: Kysely<D>, args: Args) => Compilable<Row>,
): (db: Kysely<D>, args: Args) => Promise<Row[]> {
  // Per database (SQLite and PostgreSQL compile differently); a transaction compiles its own once.
  const compiled = new WeakMap<Kysely<D>, Compiled>();
  const standIns = new Proxy({} as Args, { get: (_target, name) => new Slot(String(name)) });

  function compile(db: Kysely<D>): Compiled {
    const query = build(db, standIns).compile() as CompiledQuery;
    const slots = query.parameters.map((p) => (p instanceof Slot ? p.name : undefined));
    const entry = { query, slots };
    compiled.set(db, entry);
    return entry;
  }

  return async (db, args) => {
    const { query, slots } = compiled.get(db) ?? compile(db);
    const parameters = slots.map((name, i) => (name === undefined ? query.parameters[i] : (args as Record<string, unknown>)[name]));
    const result = await db.executeQuery<Row>({ query: query.query, queryId: query.queryId, sql: query.sql, parameters });
    return result.rows;
  };
}
