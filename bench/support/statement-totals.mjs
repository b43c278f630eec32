/**
 * What the statement-timing preloads (`sqlite-statement-timing.mjs`, `pg-statement-timing.mjs`)
 * share: totals per statement, one line per statement whatever a batch's row count, written as
 * JSON to SOUQ_STATEMENT_TIMING_FILE when the process exits.
 *
 * `placeholder` is the dialect's parameter marker as a regular expression source (`\\?`, `\\$\\d+`).
 */
import fs from 'node:fs';

export function statementTotals(out, placeholder) {
  const one = `${placeholder}, `;
  const valueLists = new RegExp(`\\((${one})*${placeholder}\\)(, \\((${one})*${placeholder}\\))+`, 'g');
  const inList = new RegExp(`in \\((${one})+${placeholder}\\)`, 'g');
  const totals = new Map();
  const lines = new Map();
  const lineOf = (source) => {
    let line = lines.get(source);
    if (line === undefined) {
      line = source.replace(/\s+/g, ' ').replace(valueLists, '(…), …').replace(inList, 'in (…)');
      lines.set(source, line);
    }
    return line;
  };
  process.on('exit', () => {
    fs.writeFileSync(
      out,
      JSON.stringify([...totals].map(([sql, t]) => ({ sql, calls: t.calls, ms: Number(t.ns) / 1e6 }))),
    );
  });
  /** Counts one run of `source` that started at `started` (process.hrtime.bigint()) and has just ended. */
  return (source, started) => {
    const line = lineOf(source);
    const total = totals.get(line) ?? { calls: 0, ns: 0n };
    total.calls++;
    total.ns += process.hrtime.bigint() - started;
    totals.set(line, total);
  };
}
