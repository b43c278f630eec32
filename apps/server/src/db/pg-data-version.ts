import type { CompiledQuery, Dialect, QueryResult } from 'kysely';
import { withDriver } from './dialect-driver.js';
import pg from 'pg';

/** The channel migration 232's triggers notify, with the changed table's schema as the payload. */
export const DATA_CHANGED_CHANNEL = 'souq_data_changed';

export interface PgDataVersion {
  /** Equal twice only if no commit that changed a row was seen in between (see ADR 0050). */
  version(): string;
  /** This process committed a change: count it now rather than when its notification comes back. */
  changed(): void;
  /** Starts listening; settles once it listens or its first try failed (it keeps trying). */
  watch(): Promise<void>;
  stop(): Promise<void>;
}

export interface PgListenOptions {
  url: string;
  schema?: string;
  /** How long to wait before listening again after the connection dropped. */
  retryMs?: number;
  /** As pg_stat_activity shows the listening connection. */
  applicationName?: string;
  onError?: (error: Error) => void;
  /**
   * Whether a backend is one of this process's own connections, whose commits `changed` already
   * counted: counting their notification again would throw away what was kept since.
   */
  ownBackend?: (pid: number) => boolean;
}

/**
 * PostgreSQL's data version: a counter this process bumps for its own commits and for every
 * notification the triggers send when any instance commits a change to a row of our schema.
 * While the listening connection is down nothing can be known, so every call answers a new
 * version and nothing kept is ever sent again. It starts listening on the first call, so a script
 * that never asks opens no connection.
 */
export function pgDataVersion(options: PgListenOptions): PgDataVersion {
  let generation = 0;
  let blind = 0;
  let listening = false;
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let firstTry: Promise<void> | undefined;
  // The first call starts listening; its promise says the first try is over.
  const start = () => (firstTry ??= listen());

  /** Stops listening on the current connection and closes it; an error on its way out is nobody's concern. */
  const letGo = async () => {
    listening = false;
    const old = client;
    client = undefined;
    old?.removeAllListeners();
    old?.on('error', () => {});
    await old?.end().catch(() => {});
  };

  const dropped = (error?: Error) => {
    if (error) options.onError?.(error);
    void letGo();
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void listen();
    }, options.retryMs ?? 1000);
    retry.unref();
  };

  async function listen() {
    const next = new pg.Client({
      connectionString: options.url,
      options: options.schema ? `-c search_path=${options.schema}` : undefined,
      application_name: options.applicationName ?? 'souq data version',
    });
    client = next;
    next.on('error', dropped);
    next.on('end', () => dropped());
    try {
      await next.connect();
      const { rows } = await next.query<{ schema: string }>('select current_schema() as schema');
      const schema = rows[0]?.schema;
      next.on('notification', (message) => {
        if (message.channel !== DATA_CHANGED_CHANNEL || message.payload !== schema) return;
        if (!options.ownBackend?.(message.processId)) generation++;
      });
      await next.query(`listen ${DATA_CHANGED_CHANNEL}`);
      if (stopped || client !== next) return;
      // Whatever changed while nobody listened is unknown: nothing kept before now may be sent.
      generation++;
      listening = true;
    } catch (error) {
      if (client === next) dropped(error as Error);
    }
  }

  return {
    version() {
      start();
      return listening ? `${generation}` : `blind.${++blind}`;
    },
    changed() {
      generation++;
    },
    async watch() {
      await start();
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await letGo();
    },
  };
}

function changedRows(result: QueryResult<unknown>): boolean {
  return (result.numAffectedRows ?? 0n) > 0n;
}

/**
 * Tells `changed` as soon as this process's own change is committed: after a statement outside a
 * transaction that changed rows, and after the commit of a transaction that did. A reader whose
 * snapshot came before that commit captured the version before it too, so its answer is never
 * kept past it; the notification, which comes a moment later, only confirms.
 */
export function countingOwnCommits(dialect: Dialect, changed: () => void): Dialect {
  return withDriver(dialect, (driver) => {
    const patched = new WeakSet<object>();
    const inTransaction = new WeakSet<object>();
    const dirty = new WeakSet<object>();
    const acquire = driver.acquireConnection.bind(driver);
    driver.acquireConnection = async () => {
      const connection = await acquire();
      if (!patched.has(connection)) {
        patched.add(connection);
        const execute = connection.executeQuery.bind(connection);
        connection.executeQuery = async <R>(query: CompiledQuery) => {
          const result = await execute<R>(query);
          if (changedRows(result)) {
            if (inTransaction.has(connection)) dirty.add(connection);
            else changed();
          }
          return result;
        };
      }
      return connection;
    };
    const begin = driver.beginTransaction.bind(driver);
    driver.beginTransaction = async (connection, settings) => {
      await begin(connection, settings);
      inTransaction.add(connection);
      dirty.delete(connection);
    };
    const commit = driver.commitTransaction.bind(driver);
    driver.commitTransaction = async (connection) => {
      try {
        await commit(connection);
      } finally {
        inTransaction.delete(connection);
        // A failed COMMIT may still have committed (the answer was lost): count it either way.
        if (dirty.has(connection)) {
          dirty.delete(connection);
          changed();
        }
      }
    };
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection) => {
      inTransaction.delete(connection);
      dirty.delete(connection);
      await rollback(connection);
    };
    return driver;
  });
}
