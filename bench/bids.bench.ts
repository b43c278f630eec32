/**
 * Accepted bids per second on one hot auction, through the HTTP API, with 50 concurrent bidders.
 *
 *   npm run bench:bids -- --dialect sqlite   [--seconds 10] [--bidders 50]
 *   npm run bench:bids -- --dialect postgres
 *   npm run bench:bids -- --dialect sqlite --profile   # plus where the server's CPU time went
 *   npm run bench:bids -- --dialect sqlite --statements   # plus the server's time in each SQLite statement
 *   npm run bench:bids -- --dialect postgres --statements   # plus each query's count and round trips
 *   npm run bench:bids -- --dialect sqlite --heap   # plus which functions allocate most, garbage included
 *   npm run bench:bids -- --dialect postgres --rate 2000  # bids offered at a steady 2,000/s, not as fast as answered
 *
 * Souq runs in its own process (as `npm start` would); autocannon drives it from this one. Each
 * bidder keeps one request in flight and bids the next amount of one rising sequence, so a bid
 * loses only when a rival's higher one overtook it on the way: that is the race a hot auction
 * has. Afterwards the database is read back: every acknowledged bid must be stored (none lost),
 * in rising order, and nothing else (support/hot-auction.ts, shared with bench:cluster).
 *
 * Without --rate each bidder sends its next bid as soon as the last is answered (a closed loop):
 * that finds the most bids a second, and at that most every bid waits its turn behind the other 49,
 * so its acknowledgement time is about 50 divided by the rate (Little's law), whatever the server
 * does. --rate N offers N bids a second instead, due at even intervals and dealt to the bidders in
 * turn (support/paced-load.ts), to read the acknowledgement time at a given load: each bid's time
 * counts from when it was due, so a bid kept waiting by its bidder's slow last answer counts its wait.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDatabase, startServerProcess, type Dialect } from './support/server.js';
import { seedAuction } from './support/fixtures.js';
import { cpuProfileDir, profileReport } from './http-load/cpu-profile.js';
import { heapProfileFile, heapReport } from './http-load/heap-profile.js';
import { pacedLoad, quantile } from './support/paced-load.js';
import { treeCpuSeconds } from './support/cpu.js';
import { auctionsFor, closedLoopBids, hotAuction, readBack, type BidderContext } from './support/hot-auction.js';
import { benchOptions, OPTIONAL_NUMBER } from './support/options.js';

const options = benchOptions({
  dialect: 'sqlite',
  seconds: 10,
  bidders: 50,
  profile: false,
  statements: false,
  heap: false,
  rate: OPTIONAL_NUMBER,
  warmup: 3,
});
const dialect = options.dialect as Dialect;
const BIDDERS = options.bidders;

async function main() {
  const database = await benchDatabase(dialect);
  // Bids from one person come as fast as the server answers: the per-person limit is a production guard, not the subject here.
  const env = { ...database.env, BID_RATE_LIMIT: '100000000' };
  // Room for 10,000 bids a second.
  const { auctionIds, cookies } = await seedAuction(
    env,
    BIDDERS,
    auctionsFor(10_000, options.seconds + options.warmup),
  );
  const profiling = options.profile ? cpuProfileDir('souq-bids-prof-') : undefined;
  const spawnedAt = performance.now();
  const timingFile = options.statements
    ? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'souq-bids-sql-')), 'statements.json')
    : undefined;
  const heap = options.heap ? heapProfileFile('souq-bids-heap-') : undefined;
  const server = await startServerProcess(
    { ...env, ...(timingFile ? { SOUQ_STATEMENT_TIMING_FILE: timingFile } : {}), ...heap?.env },
    [
      ...(profiling?.nodeArgs ?? []),
      ...(timingFile
        ? ['--import', path.resolve(`bench/support/${dialect === 'sqlite' ? 'sqlite' : 'pg'}-statement-timing.mjs`)]
        : []),
      ...(heap?.nodeArgs ?? []),
    ],
  );
  const hot = hotAuction(auctionIds, cookies);
  const { nextBid, answered, acknowledged } = hot;
  try {
    const seconds = options.seconds;

    const fromMs = performance.now() - spawnedAt;
    // Souq's own CPU (not PostgreSQL's) per answered bid, warm-up included: steadier than p99 for comparing builds.
    const cpuBefore = treeCpuSeconds(server.child.pid!);
    let load: { requestsPerSecond: number; acceptedPerSecond: number; p50: number; p99: number; unsent?: number };
    let countedAcks = 0;
    if (options.rate) {
      const bidders = Array.from({ length: BIDDERS }, (): BidderContext => ({}));
      const paced = await pacedLoad({
        url: server.url,
        rate: options.rate,
        seconds,
        warmupSeconds: options.warmup,
        clients: BIDDERS,
        make: (client) => nextBid(bidders[client]!),
        onAnswer: (client, status, body, counted) => {
          if (answered(status, body, bidders[client]!) && counted) countedAcks++;
        },
      });
      const ms = (q: number) => Math.round(quantile(paced.latenciesMs, q) * 10) / 10;
      load = {
        requestsPerSecond: paced.answered / seconds,
        acceptedPerSecond: countedAcks / seconds,
        p50: ms(0.5),
        p99: ms(0.99),
        unsent: paced.unsent,
      };
    } else {
      load = await closedLoopBids(server.url, hot, { bidders: BIDDERS, seconds });
    }

    const toMs = performance.now() - spawnedAt;
    const cpuMicros =
      ((treeCpuSeconds(server.child.pid!) - cpuBefore) * 1e6) /
      Math.max(1, acknowledged.length + hot.raised + hot.refused + hot.failed);
    const { lost, rising, unacknowledged } = await readBack(env, hot);
    console.log(
      `\n${dialect}: ${BIDDERS} bidders, ${seconds} s, ${options.rate ? `${options.rate} bids/s offered, counted after ${options.warmup} s of the same` : 'each bidder bidding again once answered'}, Node ${process.version}`,
    );
    console.log(
      '| database | requests/s | accepted bids/s | accepted share | ack p50 ms | ack p99 ms | acknowledged | own max raised | lost | stored, answer not yet read | 5xx | server CPU µs per bid |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    console.log(
      `| ${dialect} | ${Math.round(load.requestsPerSecond)} | ${Math.round(load.acceptedPerSecond)} | ${((100 * acknowledged.length) / Math.max(1, acknowledged.length + hot.refused + hot.raised)).toFixed(0)}% | ${load.p50} | ${load.p99} | ${acknowledged.length} | ${hot.raised} | ${lost} | ${unacknowledged} | ${hot.failed} | ${cpuMicros.toFixed(0)} |`,
    );
    if (load.unsent !== undefined)
      console.log(
        `\n${load.unsent} bids were due but still waiting for their bidder's last answer when the run ended (p50 and p99 count from when each bid was due).`,
      );
    // All three are written by the server as it exits.
    if (profiling || timingFile || heap) await server.stop();
    if (profiling) {
      console.log(`\n### Where the server's CPU went while bidding (${dialect})\n`);
      console.log(profileReport(profiling.dir, { fromMs, toMs }));
    }
    if (timingFile) console.log(statementTable(timingFile, acknowledged.length, dialect));
    if (heap) console.log(`\n### Where the server allocated while bidding (${dialect})\n\n${heapReport(heap.file)}`);
    if (lost > 0 || !rising || hot.failed > 0 || unacknowledged > BIDDERS) {
      console.error('FAILED: an acknowledged bid is missing, prices did not rise, or the server failed');
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
    await database.drop();
  }
}

/**
 * The server's time per statement, over the whole run, per acknowledged bid: on SQLite the time in
 * the statement, on PostgreSQL from sending the query to its answer (so the calls, each one system
 * call and one round trip, are the figure to read).
 */
function statementTable(file: string, acknowledged: number, dialect: Dialect): string {
  const rows = (JSON.parse(fs.readFileSync(file, 'utf8')) as Array<{ sql: string; calls: number; ms: number }>).sort(
    (a, b) => b.ms - a.ms,
  );
  const total = rows.reduce((sum, r) => sum + r.ms, 0);
  const perBid = (ms: number) => ((ms * 1000) / Math.max(1, acknowledged)).toFixed(1);
  const lines = [
    `\n### The server's time in ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL round trips'}: ${total.toFixed(0)} ms, ${perBid(total)} µs per acknowledged bid\n`,
    '| µs per bid | calls | calls per bid | statement |',
    '|---:|---:|---:|---|',
  ];
  const calls = rows.reduce((sum, r) => sum + r.calls, 0);
  for (const r of rows.slice(0, 12))
    lines.push(
      `| ${perBid(r.ms)} | ${r.calls} | ${(r.calls / Math.max(1, acknowledged)).toFixed(2)} | \`${r.sql.slice(0, 90)}\` |`,
    );
  lines.push(`| | ${calls} | ${(calls / Math.max(1, acknowledged)).toFixed(2)} | all |`);
  return lines.join('\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
