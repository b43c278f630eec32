import type { FileStorage } from '../adapters/storage/index.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Job } from '../jobs/runner.js';
import type { Clock } from '../lib/clock.js';
import { oneLine } from './backup-error.js';
import { claimRun, ensureSchedule, readSchedule, recordFailure, recordSuccess } from './schedule-queries.js';
import { shelfAt } from './shelves.js';

/** How often an instance asks whether a backup is due (and refreshes the metric). */
const TICK_MS = 60_000;
/** How long the instance that took a run holds it: longer than any backup takes, short enough that a crash mid-backup costs one run. */
const LEASE_MS = 2 * 3_600_000;
/** After a failure, the next try, by whichever instance. */
const RETRY_MS = 15 * 60_000;

export interface ScheduledBackupDeps {
  config: Config & { backup: NonNullable<Config['backup']> };
  database: Database;
  storage: FileStorage;
  clock: Clock;
  log: { info(msg: string): void; error(obj: unknown, msg: string): void };
}

/**
 * Backups taken by the server itself when BACKUP_DIR or BACKUP_S3_PREFIX is set: every BACKUP_EVERY_HOURS, by one
 * instance of a cluster (a job, claimed on the backup_schedule row), keeping the newest
 * BACKUP_KEEP. The last success's age is read from the row, so every instance reports the site's.
 */
export function scheduledBackups(deps: ScheduledBackupDeps): {
  job: Job;
  lastSuccessAgeSeconds(): number;
  close(): void;
} {
  const { config, clock, log } = deps;
  const shelf = shelfAt(config.backup.to, config);
  const db = deps.database.db;
  const every = config.backup.everyMs;
  let lastSuccessMs: number | undefined;

  async function run(): Promise<number> {
    const now = clock.now().getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    await ensureSchedule(db, iso(now));
    const row = await readSchedule(db);
    lastSuccessMs = Date.parse(row.last_success_at ?? row.created_at);
    const dueAt = row.last_success_at ? Date.parse(row.last_success_at) + every : now;
    if (dueAt > now) return dueAt - now;
    if (!(await claimRun(db, iso(now), iso(now - every), iso(now + LEASE_MS)))) return TICK_MS;
    try {
      const made = await shelf.take(config, { storage: deps.storage, now: () => clock.now() });
      const done = clock.now().getTime();
      await recordSuccess(db, iso(done), made);
      lastSuccessMs = done;
      const removed = await shelf.prune(config.backup.keep, done, LEASE_MS);
      log.info(`scheduled backup written to ${made}${removed.length ? `; removed ${removed.length} older` : ''}`);
      return every;
    } catch (error) {
      const retry = Math.min(every, RETRY_MS);
      log.error(
        { err: error },
        `scheduled backup into ${shelf.where} failed: ${oneLine(error)}; trying again in ${Math.round(retry / 60_000)} min`,
      );
      await recordFailure(db, iso(now + retry));
      return retry;
    }
  }

  return {
    job: { name: 'backup.scheduled', everyMs: Math.min(TICK_MS, every), run },
    lastSuccessAgeSeconds: () =>
      lastSuccessMs === undefined ? Number.NaN : Math.max(0, (clock.now().getTime() - lastSuccessMs) / 1000),
    close: () => shelf.close(),
  };
}
