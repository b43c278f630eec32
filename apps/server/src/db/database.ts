import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Dialect,
  type DialectAdapter,
  type Driver,
} from 'kysely';
import pg from 'pg';
import { startCheckpointer } from './checkpointer.js';
import { withDriver } from './dialect-driver.js';
import { countingOwnCommits, pgDataVersion } from './pg-data-version.js';
import type { DatabaseConfig } from '../config.js';
import type { DB } from './schema.js';
import { withStatementCache } from './statement-cache.js';

export type DialectName = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: DialectName;
  /**
   * Changes whenever any data in the database changes, by this process or another: on SQLite at
   * once, committed or not; on PostgreSQL at this process's own commits and, a moment after,
   * at another's, when its notification arrives (ADR 0050).
   */
  dataVersion?: () => string;
  /** Resolves once `dataVersion` can tell (PostgreSQL listens for other instances' changes). */
  watchChanges?: () => Promise<void>;
  /** Queries waiting for a free connection in the pool now (PostgreSQL; SQLite has no pool). */
  poolWaiting?: () => number;
  destroy(): Promise<void>;
}

/** Told how long each query waited for its connection (the metrics). */
export type ConnectionWaited = (seconds: number) => void;

/**
 * The dialect, with every wait for a connection timed: for a free one of PostgreSQL's pool, or for
 * SQLite's single connection while another transaction of this process holds it. Both are the same
 * thing to a request: time spent queueing for the database rather than in it.
 */
function timingConnectionWaits(dialect: Dialect, waited: ConnectionWaited): Dialect {
  return withDriver(dialect, (driver) => {
    const acquire = driver.acquireConnection.bind(driver);
    driver.acquireConnection = async () => {
      const started = performance.now();
      const connection = await acquire();
      waited((performance.now() - started) / 1000);
      return connection;
    };
    return driver;
  });
}

/**
 * SQLite does run DDL inside transactions, and Kysely's stock adapter does not use one, so a
 * failed migration would be left half applied. Kysely takes its migration lock outside that
 * transaction, where SQLite has nothing to hold; instead, when two processes migrate at once,
 * SQLite refuses the loser's write (SQLITE_BUSY), its transaction rolls back whole, and
 * migrateToLatest retries and finds the work done.
 */
class MigratingSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

/**
 * Every transaction takes the write lock when it begins (BEGIN IMMEDIATE). A deferred one that
 * reads, then writes, can meet another process's writer halfway and fail with SQLITE_BUSY at
 * once, busy_timeout or not; asking first makes it wait its turn instead. Within one process
 * Kysely already runs one transaction at a time on its single connection.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class SouqSqliteDialect extends SqliteDialect {
  readonly #config: ConstructorParameters<typeof SqliteDialect>[0];
  constructor(config: ConstructorParameters<typeof SqliteDialect>[0]) {
    super(config);
    this.#config = config;
  }
  override createAdapter(): DialectAdapter {
    return new MigratingSqliteAdapter();
  }
  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.#config);
  }
}

/**
 * Rows changed through this connection (total_changes: every insert, update and delete, even one
 * rolled back later) and commits by other connections (data_version), read in about 3 µs.
 */
function sqliteDataVersion(sqlite: SQLite.Database): () => string {
  const changedHere = sqlite.prepare('select total_changes()').pluck();
  const committedElsewhere = sqlite.prepare('pragma data_version').pluck();
  return () => `${changedHere.get() as number}.${committedElsewhere.get() as number}`;
}

// int8 (bigint: counts, fils) arrives as a string by default; every value we store fits a double.
pg.types.setTypeParser(20, (v) => Number(v));

/** The server process ids of a pool's open connections, as PostgreSQL's notifications name them. */
function backendsOf(pool: pg.Pool): (pid: number) => boolean {
  const ours = new Set<number>();
  // processID is set once the server has said who it is, before the pool hands the client out.
  const pidOf = (client: pg.PoolClient) => (client as unknown as { processID: number }).processID;
  pool.on('connect', (client) => ours.add(pidOf(client)));
  pool.on('remove', (client) => ours.delete(pidOf(client)));
  return (pid) => ours.has(pid);
}

/** Closing twice (a failed start, then shutdown) must not throw: pg refuses to end a pool twice. */
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}

export function openDatabase(
  config: DatabaseConfig,
  waited: ConnectionWaited = () => {},
  onWatchError?: (error: Error) => void,
): Database {
  if (config.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(config.file), { recursive: true });
    const sqlite = new SQLite(config.file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 10000');
    sqlite.pragma('synchronous = NORMAL');
    const db = new Kysely<DB>({
      dialect: timingConnectionWaits(new SouqSqliteDialect({ database: withStatementCache(sqlite) }), waited),
    });
    const checkpointer = startCheckpointer(sqlite, config.file);
    const destroy = async () => {
      await checkpointer.stop();
      await db.destroy();
    };
    return { db, dialect: 'sqlite', dataVersion: sqliteDataVersion(sqlite), destroy: once(destroy) };
  }
  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    options: config.schema ? `-c search_path=${config.schema}` : undefined,
  });
  const changes = pgDataVersion({
    url: config.url,
    schema: config.schema,
    ownBackend: backendsOf(pool),
    onError: onWatchError,
  });
  const db = new Kysely<DB>({
    dialect: countingOwnCommits(timingConnectionWaits(new PostgresDialect({ pool }), waited), changes.changed),
  });
  const destroy = async () => {
    await changes.stop();
    await db.destroy();
  };
  return {
    db,
    dialect: 'postgres',
    dataVersion: changes.version,
    watchChanges: changes.watch,
    poolWaiting: () => pool.waitingCount,
    destroy: once(destroy),
  };
}

/** Unique-constraint violations in either dialect, so services can map them to field errors. */
export function isUniqueViolation(error: unknown, constraintHint?: string): boolean {
  const e = error as { code?: string; message?: string; constraint?: string; detail?: string };
  const unique =
    e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
  if (!unique || !constraintHint) return unique;
  const text = `${e.constraint ?? ''} ${e.detail ?? ''} ${e.message ?? ''}`.toLowerCase();
  return text.includes(constraintHint.toLowerCase());
}
