/**
 * Preloaded into the server by `npm run bench:bids -- --statements` (`node --import`): times
 * every better-sqlite3 statement the process runs, by its SQL, and writes the totals as JSON to
 * SOUQ_STATEMENT_TIMING_FILE when the process exits. Loaded before the app's modules, so every
 * statement is seen.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';

const out = process.env.SOUQ_STATEMENT_TIMING_FILE;
if (out) {
  // The server's own copy of better-sqlite3, the one the app will load.
  const SQLite = createRequire(new URL('../../apps/server/package.json', import.meta.url))('better-sqlite3');
  const probe = new SQLite(':memory:');
  const Statement = Object.getPrototypeOf(probe.prepare('select 1'));
  probe.close();
  const totals = new Map();
  for (const method of ['run', 'all', 'get', 'iterate']) {
    const original = Statement[method];
    Statement[method] = function timed(...args) {
      const started = process.hrtime.bigint();
      try {
        return original.apply(this, args);
      } finally {
        // A batch's statement has as many value lists (or IN items) as rows: one line for all sizes.
        const sql = this.source
          .replace(/\s+/g, ' ')
          .replace(/\((\?, )*\?\)(, \((\?, )*\?\))+/g, '(…), …')
          .replace(/in \((\?, )+\?\)/g, 'in (…)');
        const total = totals.get(sql) ?? { calls: 0, ns: 0n };
        total.calls++;
        total.ns += process.hrtime.bigint() - started;
        totals.set(sql, total);
      }
    };
  }
  process.on('exit', () => {
    fs.writeFileSync(out, JSON.stringify([...totals].map(([sql, t]) => ({ sql, calls: t.calls, ms: Number(t.ns) / 1e6 }))));
  });
}
