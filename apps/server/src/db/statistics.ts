import { sql } from 'kysely';
import type { Job } from '../jobs/runner.js';
import type { Database } from './database.js';

const SIX_HOURS = 6 * 3600_000;

/**
 * Keeps the query planner's statistics current. SQLite has no autovacuum: without `ANALYZE` it
 * guesses, and after a bulk change it can pick a full scan over a perfectly good index (the feed
 * page took 40 ms instead of a few). `PRAGMA optimize` analyses only the tables that need it,
 * bounded by `analysis_limit`, as SQLite's documentation advises for long-running processes.
 * PostgreSQL's autovacuum does this by itself.
 */
export async function refreshStatistics(database: Database): Promise<void> {
  if (database.dialect !== 'sqlite') return;
  await sql`pragma analysis_limit = 1000`.execute(database.db);
  await sql`pragma optimize = 0x10002`.execute(database.db);
}

export function statisticsJob(database: Database): Job {
  return { name: 'db.statistics', everyMs: SIX_HOURS, run: () => refreshStatistics(database) };
}
