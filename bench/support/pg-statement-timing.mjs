/**
 * Preloaded into the server by `npm run bench:bids -- --dialect postgres --statements` (`node
 * --import`): counts every query node-postgres sends, by its SQL, with the time from sending it to
 * its answer (a round trip, queueing on the connection included), and writes the totals as JSON to
 * SOUQ_STATEMENT_TIMING_FILE when the process exits. On PostgreSQL the count is what matters: each
 * query is one system call out and one round trip while the auction's row may be locked.
 */
import { createRequire } from 'node:module';
import { statementTotals } from './statement-totals.mjs';

const out = process.env.SOUQ_STATEMENT_TIMING_FILE;
if (out) {
  // The server's own copy of pg, the one the app will load.
  const { Client } = createRequire(new URL('../../apps/server/package.json', import.meta.url))('pg');
  const record = statementTotals(out, '\\$\\d+');
  const original = Client.prototype.query;
  Client.prototype.query = function timed(config, values, callback) {
    const text = typeof config === 'string' ? config : config?.text;
    const started = process.hrtime.bigint();
    const result = original.call(this, config, values, callback);
    if (typeof text === 'string' && result && typeof result.then === 'function') {
      result.then(
        () => record(text, started),
        () => record(text, started),
      );
    }
    return result;
  };
}
