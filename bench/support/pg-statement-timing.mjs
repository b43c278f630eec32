/**
 * Preloaded into the server by `npm run bench:bids -- --dialect postgres --statements` (`node
 * --import`): counts every query node-postgres sends, by its SQL, with the time from sending it to
 * its answer (a round trip, queueing on the connection included), and writes the totals as JSON to
 * SOUQ_STATEMENT_TIMING_FILE when the process exits. On PostgreSQL the count is what matters: each
 * query is one system call out and one round trip while the auction's row may be locked.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';

const out = process.env.SOUQ_STATEMENT_TIMING_FILE;
if (out) {
  // The server's own copy of pg, the one the app will load.
  const { Client } = createRequire(new URL('../../apps/server/package.json', import.meta.url))('pg');
  const totals = new Map();
  const lines = new Map();
  // A batch's statement has as many value lists (or IN items) as rows: one line for all sizes.
  const lineOf = (source) => {
    let line = lines.get(source);
    if (line === undefined) {
      line = source
        .replace(/\s+/g, ' ')
        .replace(/\((\$\d+, )*\$\d+\)(, \((\$\d+, )*\$\d+\))+/g, '(…), …')
        .replace(/in \((\$\d+, )+\$\d+\)/g, 'in (…)');
      lines.set(source, line);
    }
    return line;
  };
  const record = (text, started) => {
    const line = lineOf(text);
    const total = totals.get(line) ?? { calls: 0, ns: 0n };
    total.calls++;
    total.ns += process.hrtime.bigint() - started;
    totals.set(line, total);
  };
  const original = Client.prototype.query;
  Client.prototype.query = function timed(config, values, callback) {
    const text = typeof config === 'string' ? config : config?.text;
    const started = process.hrtime.bigint();
    const result = original.call(this, config, values, callback);
    if (typeof text === 'string' && result && typeof result.then === 'function') {
      result.then(() => record(text, started), () => record(text, started));
    }
    return result;
  };
  process.on('exit', () => {
    fs.writeFileSync(out, JSON.stringify([...totals].map(([sql, t]) => ({ sql, calls: t.calls, ms: Number(t.ns) / 1e6 }))));
  });
}
