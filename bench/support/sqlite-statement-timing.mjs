/**
 * Preloaded into the server by `npm run bench:bids -- --statements` (`node --import`): times
 * every better-sqlite3 statement the process runs, by its SQL, and writes the totals as JSON to
 * SOUQ_STATEMENT_TIMING_FILE when the process exits. Loaded before the app's modules, so every
 * statement is seen.
 */
import { createRequire } from 'node:module';
import { statementTotals } from './statement-totals.mjs';

const out = process.env.SOUQ_STATEMENT_TIMING_FILE;
if (out) {
  // The server's own copy of better-sqlite3, the one the app will load.
  const SQLite = createRequire(new URL('../../apps/server/package.json', import.meta.url))('better-sqlite3');
  const probe = new SQLite(':memory:');
  const Statement = Object.getPrototypeOf(probe.prepare('select 1'));
  probe.close();
  const record = statementTotals(out, '\\?');
  for (const method of ['run', 'all', 'get', 'iterate']) {
    const original = Statement[method];
    Statement[method] = function timed(...args) {
      const started = process.hrtime.bigint();
      try {
        return original.apply(this, args);
      } finally {
        record(this.source, started);
      }
    };
  }
}
