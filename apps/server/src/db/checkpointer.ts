import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the write-ahead log is copied back into the database file. */
const EVERY_MS = 200;
/** Frames (4 KB pages) in the log past which the log is started again from its beginning: 64 MB. */
const RESTART_AT_FRAMES = 16_384;

// Plain JavaScript, run as a worker thread with its own connection to the same file. A passive
// checkpoint copies committed pages from the log into the database without blocking the writer.
// The log starts again from its beginning only when a write begins after a checkpoint copied all
// of it; under writes that never pause (a hot auction), that moment never comes and the log file
// grows by every page written. Past restartAt frames a RESTART checkpoint makes that moment: it
// waits for a gap between transactions, and holds the writer back while it copies what the
// passive one just left (a few milliseconds, once in a while, against a log file without bound).
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 1000');
const passive = db.prepare('pragma wal_checkpoint(PASSIVE)');
const restart = db.prepare('pragma wal_checkpoint(RESTART)');
const run = () => {
  try {
    if (passive.get().log >= workerData.restartAt) restart.get();
  } catch {}
};
const timer = setInterval(run, workerData.everyMs);
parentPort.on('message', () => {
  clearInterval(timer);
  run();
  db.close();
  parentPort.close();
});
`;

/**
 * Moves SQLite's checkpoints off the event loop (issue 8). By default the commit that pushes the
 * write-ahead log past 1,000 pages copies them into the database file itself, on the thread that
 * answers requests: about half of a busy auction's commit time. Here a worker thread does it
 * every 200 ms instead, and the connection's automatic checkpoint is off. If the worker fails,
 * the automatic checkpoint comes back, so the log never grows without bound.
 */
export function startCheckpointer(
  sqlite: SQLite.Database,
  file: string,
  restartAt = RESTART_AT_FRAMES,
): { stop(): Promise<void> } {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      file,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
      everyMs: EVERY_MS,
      restartAt,
    },
  });
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');
  // The writer that starts the log again also cuts its file back to this size.
  sqlite.pragma(`journal_size_limit = ${restartAt * Number(sqlite.pragma('page_size', { simple: true }))}`);
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  const restore = () => {
    if (!stopping && sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
  };
  worker.once('error', restore);
  worker.once('exit', restore);
  return {
    async stop() {
      stopping = true;
      // Unreferenced while it runs, so it never keeps a process alive; referenced again to finish.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
