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
  // A batch's statement has as many value lists (or IN items) as rows: one line for all sizes.
  const lines = new Map();
  const lineOf = (source) => {
    let line = lines.get(source);
    if (line === undefined) {
      line = source
        .replace(/\s+/g, ' ')
        .replace(/\((\?, )*\?\)(, \((\?, )*\?\))+/g, '(…), …')
        .replace(/in \((\?, )+\?\)/g, 'in (…)');
      lines.set(source, line);
    }
    return line;
  };
  for (const method of ['run', 'all', 'get', 'iterate']) {
    const original = Statement[method];
    Statement[method] = function timed(...args) {
      const started = process.hrtime.bigint();
      try {
        return original.apply(this, args);
      } finally {
        const elapsed = process.hrtime.bigint() - started;
        const line = lineOf(this.source);
        const total = totals.get(line) ?? { calls: 0, ns: 0n };
        total.calls++;
        total.ns += elapsed;
        totals.set(line, total);
      }
    };
  }
  process.on('exit', () => {
    fs.writeFileSync(out, JSON.stringify([...totals].map(([sql, t]) => ({ sql, calls: t.calls, ms: Number(t.ns) / 1e6 }))));
  });
}
