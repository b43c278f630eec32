import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type SQLite from 'better-sqlite3';

/** How often the write-ahead log is copied back into the database file. */
const EVERY_MS = 200;

// Plain JavaScript, run as a worker thread with its own connection to the same file. A passive
// checkpoint copies committed pages from the log into the database without blocking the writer.
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
const checkpoint = db.prepare('pragma wal_checkpoint(PASSIVE)');
const run = () => { try { checkpoint.get(); } catch {} };
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
export function startCheckpointer(sqlite: SQLite.Database, file: string): { stop(): Promise<void> } {
  const worker = new Worker(WORKER, { eval: true, workerData: { file, driver: createRequire(import.meta.url).resolve('better-sqlite3'), everyMs: EVERY_MS } });
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');
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
