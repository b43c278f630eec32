import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { incomingUploadsDir, type FileStorage } from '../adapters/storage/index.js';
import { scheduledBackups } from '../backup/schedule.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { statisticsJob } from '../db/statistics.js';
import type { Clock } from '../lib/clock.js';
import { orphanSweepJob } from '../media/orphan-sweep.js';
import type { Metrics } from '../metrics/metrics.js';
import type { ModuleParts } from '../modules/order.js';
import type { JobRunner } from './runner.js';

/** The jobs no module owns: the planner's statistics, the sweep of orphaned uploads, scheduled backups. */
export function addHousekeeping(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    storage: FileStorage;
    clock: Clock;
    jobs: JobRunner;
    metrics: Metrics;
    modules: Array<ModuleParts[keyof ModuleParts]>;
  },
) {
  const { config, database, storage, clock, jobs, metrics, modules } = deps;
  jobs.add(statisticsJob(database));
  jobs.add(
    orphanSweepJob({
      storage,
      references: modules.flatMap((parts) => (parts.referencedUploads ? [parts.referencedUploads] : [])),
      scratchDirs: [incomingUploadsDir(config), path.join(config.dataDir, 'outbox')],
      clock,
      log: app.log,
    }),
  );
  if (!config.backup) return;
  const backups = scheduledBackups({
    config: { ...config, backup: config.backup },
    database,
    storage,
    clock,
    log: app.log,
  });
  jobs.add(backups.job);
  app.addHook('onClose', async () => backups.close());
  metrics.gauge(
    'souq_backup_last_success_age_seconds',
    'Seconds since the last scheduled backup succeeded (on any instance); before the first, since the schedule began',
    backups.lastSuccessAgeSeconds,
  );
}
