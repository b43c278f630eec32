/**
 * Two instances behind HAProxy against one instance without it, in one run, on one PostgreSQL
 * schema (issue 27, "Measured"):
 *
 *   npm run bench:cluster -- [--seconds 10] [--warmup 2] [--clients 2000] [--rounds 1] [--parts reads,bids,fanout] [--logs]
 *
 * 1. Shop-page reads: wrk on `GET /api/products` (first page, demo catalog, as bench:http drives
 *    it: 100 connections, 2 threads, no Accept-Encoding) at the instance directly, then at the
 *    balancer in front of two. Target: the balancer costs at most 15% of one instance's read
 *    throughput (two behind it ≥ 0.85 × one).
 * 2. Bids per second on one hot auction: 50 bidders in a closed loop (support/hot-auction.ts, as
 *    bench:bids), then the database read back: every acknowledged bid stored, in rising order.
 *    Through the balancer, `souq_bids` hashes the bid's URL, so one auction's bids all reach one
 *    instance; the instances' `souq_bids_accepted_total` says which.
 * 3. A bid's fan-out to 2,000 socket clients (support/fanout-run.ts, as bench:fanout): all on the
 *    one instance, or through the balancer split evenly by its stickiness cookie (`souq_lb=souq1`,
 *    `souq_lb=souq2`), the bids also through the balancer, each update crossing Redis to the other
 *    instance's half. Target: p99 through two ≤ one instance's p99 + 10 ms; every accepted bid
 *    reaches every client; no gaps in the sequence numbers.
 *
 * The one instance runs as `npm start` would (bench/support/server.ts), the two as
 * scripts/cluster.mjs starts them (deploy/haproxy.cfg on loopback ports, Redis for Socket.IO);
 * all three with NODE_ENV=production, LOG_LEVEL=warn and METRICS_PORT set, and all stay up for
 * the whole run so each part measures one side right after the other (`--rounds 3`: three times,
 * the order turned each round, judged on the median of the rounds' ratios and differences: a
 * neighbour's burst on a shared box then hits both sides alike). Nothing is pinned to a core:
 * the instances, HAProxy, PostgreSQL, Redis and the load generator share the machine's cores.
 * It prints a table per part and whether each target held, and exits 0 whatever the figures (a
 * bench, not a test); 1 only when it cannot run (no HAProxy, PostgreSQL or Redis).
 */
import fs from 'node:fs';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { Redis } from 'ioredis';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { startCluster, type Cluster } from '../scripts/cluster.mjs';
import { wrk, type LoadResult } from './http-load/processes.js';
import { treeCpuSeconds } from './support/cpu.js';
import { runFanout, type FanoutResult } from './support/fanout-run.js';
import { seedAuction } from './support/fixtures.js';
import {
  auctionsFor,
  closedLoopBids,
  hotAuction,
  readBack,
  type ClosedLoopResult,
  type ReadBack,
} from './support/hot-auction.js';
import {
  benchDatabase,
  DEFAULT_PG,
  freePort,
  percentile,
  startServerProcess,
  type ServerProcess,
} from './support/server.js';
import { benchOptions } from './support/options.js';

const options = benchOptions({
  seconds: 10,
  warmup: 2,
  connections: 100,
  threads: 2,
  bidders: 50,
  clients: 2000,
  processes: 2,
  rate: 20,
  client: 'wire',
  parts: 'reads,bids,fanout',
  url: DEFAULT_PG,
  redis: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  rounds: 1,
  logs: false,
});
const {
  seconds: SECONDS,
  warmup: WARMUP,
  connections: CONNECTIONS,
  threads: THREADS,
  bidders: BIDDERS,
  clients: CLIENTS,
  rate: RATE,
  rounds: ROUNDS,
} = options;
const PARTS = new Set(options.parts.split(',').map((p) => p.trim()));
const HAPROXY = process.env.HAPROXY ?? '/usr/sbin/haproxy';

/** The issue's targets. */
const READ_SHARE = 0.85;
const FANOUT_P99_MARGIN_MS = 10;

/** One instance direct, or two behind the balancer: where load goes and whose CPU it costs. */
interface Side {
  label: string;
  url: string;
  /** The instances' processes. */
  pids: number[];
  /** HAProxy's, on the cluster side. */
  balancerPid?: number;
  metricsUrls: string[];
  /** Where the fan-out's sockets connect: socket i takes target i mod n. */
  targets: Array<{ url: string; cookie?: string }>;
  /** Per round: the auctions the bidders move through, and the fan-out's auction. */
  bidAuctions: string[][];
  fanoutAuctions: string[];
}

async function whyNot(): Promise<string | null> {
  const reasons: string[] = [];
  if (!fs.existsSync(HAPROXY))
    reasons.push(`HAProxy is not installed at ${HAPROXY} (Debian: apt-get install haproxy).`);
  if (spawnSync('wrk', ['--version']).error) reasons.push('wrk is not installed (Debian: apt-get install wrk).');
  const client = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
  } catch (error) {
    reasons.push(`PostgreSQL is not reachable at ${options.url} (${(error as Error).message}).`);
  }
  const redis = new Redis(options.redis, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    await redis.quit();
  } catch (error) {
    redis.disconnect();
    reasons.push(`Redis is not reachable at ${options.redis} (${(error as Error).message}).`);
  }
  return reasons.length ? reasons.join(' ') : null;
}

/** A value of one instance's /metrics (an unlabelled counter or gauge). */
async function metric(metricsUrl: string, name: string): Promise<number> {
  const text = await (await fetch(`${metricsUrl}/metrics`)).text();
  const match = new RegExp(`^${name}(?:\\{\\})? (\\S+)$`, 'm').exec(text);
  return match ? Number(match[1]) : NaN;
}
const metrics = (side: Side, name: string) => Promise.all(side.metricsUrls.map((u) => metric(u, name)));

const f0 = (n: number) => Math.round(n).toLocaleString('en');
const f1 = (n: number) => n.toFixed(1);
const signed = (n: number, digits = 0) => `${n >= 0 ? '+' : '−'}${Math.abs(n).toFixed(digits)}`;
const held = (ok: boolean) => (ok ? '**held**' : '**NOT held**');
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;
const label = (side: Side, round: number) => (ROUNDS > 1 ? `${side.label}, round ${round + 1}` : side.label);

/** Each round measures both sides, one right after the other, in turn first: [one, two] per round. */
async function rounds<T>(
  sides: [Side, Side],
  measure: (side: Side, round: number) => T | Promise<T>,
): Promise<Array<[T, T]>> {
  const pairs: Array<[T, T]> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    const results: T[] = [];
    for (const i of order) results[i] = await measure(sides[i]!, round);
    pairs.push([results[0]!, results[1]!]);
  }
  return pairs;
}

interface Part {
  name: string;
  text: string;
  ok: boolean;
}

// 1. Shop-page reads.
interface ReadRow {
  side: Side;
  round: number;
  result: LoadResult;
  /** HAProxy's own CPU per request. */
  balancerUs?: number;
}

function readLoad(side: Side, round: number): ReadRow {
  const url = `${side.url}/api/products`;
  const options = { serverPid: side.pids, connections: CONNECTIONS, threads: THREADS, core: null };
  console.log(`reads: ${label(side, round)}`);
  if (WARMUP > 0) wrk(url, { ...options, seconds: WARMUP });
  const balancerBefore = side.balancerPid ? treeCpuSeconds(side.balancerPid) : 0;
  const result = wrk(url, { ...options, seconds: SECONDS });
  const balancerUs = side.balancerPid
    ? ((treeCpuSeconds(side.balancerPid) - balancerBefore) * 1e6) / result.requests
    : undefined;
  return { side, round, result, balancerUs };
}

function readTable(pairs: Array<[ReadRow, ReadRow]>): Part {
  const ratios = pairs.map(([one, two]) => two.result.rps / one.result.rps);
  const ratio = median(ratios);
  const failures = pairs.flat().reduce((sum, r) => sum + r.result.failures, 0);
  const ok = ratio >= READ_SHARE && failures === 0;
  const line = (r: ReadRow) =>
    `| ${label(r.side, r.round)} | ${f0(r.result.rps)} | ${f1(r.result.p50Ms)} | ${f1(r.result.p99Ms)} | ${f0(r.result.cpuUsPerRequest)} | ${r.balancerUs === undefined ? '–' : f0(r.balancerUs)} | ${r.result.failures} |`;
  const ratioLine = ([one, two]: [ReadRow, ReadRow], i: number) =>
    `| **two behind HAProxy ÷ one${ROUNDS > 1 ? `, round ${i + 1}` : ''}** | **${ratios[i]!.toFixed(2)}** | | ${signed(two.result.p99Ms - one.result.p99Ms, 1)} ms | | | |`;
  return {
    name: `reads: two behind the balancer ≥ ${READ_SHARE} × one`,
    ok,
    text: [
      `### 1. Shop-page reads: \`GET /api/products\`, wrk -t${THREADS} -c${CONNECTIONS} -d${SECONDS}s after ${WARMUP} s of warm-up`,
      '',
      '| side | req/s | p50 ms | p99 ms | instances CPU µs/req | HAProxy CPU µs/req | failed |',
      '|---|---:|---:|---:|---:|---:|---:|',
      ...pairs.flatMap(([one, two], i) => [line(one), line(two), ratioLine([one, two], i)]),
      '',
      `Target: two instances behind the balancer ≥ ${READ_SHARE} × one instance's read throughput: ${ROUNDS > 1 ? `median of ${ratios.map((r) => r.toFixed(2)).join(', ')} = ` : ''}${ratio.toFixed(2)}, ${failures} failed → ${held(ok)}.`,
    ].join('\n'),
  };
}

// 2. Bids on one hot auction.
interface BidRow {
  side: Side;
  round: number;
  load: ClosedLoopResult;
  acknowledged: number;
  failed: number;
  check: ReadBack;
  /** Bids each instance accepted over the run (`souq_bids_accepted_total`). */
  perInstance: number[];
}

async function bidLoad(
  side: Side,
  round: number,
  cookies: string[],
  databaseEnv: Record<string, string>,
): Promise<BidRow> {
  console.log(`bids: ${label(side, round)}`);
  const hot = hotAuction(side.bidAuctions[round]!, cookies);
  const before = await metrics(side, 'souq_bids_accepted_total');
  // The warm-up's bids are bid on the same auctions and read back with the rest.
  if (WARMUP > 0) await closedLoopBids(side.url, hot, { bidders: BIDDERS, seconds: WARMUP });
  const load = await closedLoopBids(side.url, hot, { bidders: BIDDERS, seconds: SECONDS });
  const after = await metrics(side, 'souq_bids_accepted_total');
  const check = await readBack(databaseEnv, hot);
  return {
    side,
    round,
    load,
    acknowledged: hot.acknowledged.length,
    failed: hot.failed,
    check,
    perInstance: after.map((a, i) => a - before[i]!),
  };
}

function bidTable(pairs: Array<[BidRow, BidRow]>): Part {
  const rows = pairs.flat();
  const lost = rows.reduce((sum, r) => sum + r.check.lost, 0);
  const ok = rows.every((r) => r.check.lost === 0 && r.check.rising && r.failed === 0 && r.load.errors === 0);
  const ratios = pairs.map(([one, two]) => two.load.acceptedPerSecond / one.load.acceptedPerSecond);
  const line = (r: BidRow) =>
    `| ${label(r.side, r.round)} | ${f0(r.load.requestsPerSecond)} | ${f0(r.load.acceptedPerSecond)} | ${r.load.p50} | ${r.load.p99} | ${f0(r.acknowledged)} | ${f0(r.check.stored)} | ${r.check.lost} | ${r.check.rising ? 'yes' : '**no**'} | ${r.failed + r.load.errors} | ${r.perInstance.map(f0).join(' / ')} |`;
  const ratioLine = ([one, two]: [BidRow, BidRow], i: number) =>
    `| **two behind HAProxy ÷ one${ROUNDS > 1 ? `, round ${i + 1}` : ''}** | ${(two.load.requestsPerSecond / one.load.requestsPerSecond).toFixed(2)} | **${ratios[i]!.toFixed(2)}** | | | | | | | | |`;
  return {
    name: 'bids: none lost',
    ok,
    text: [
      `### 2. Bids on one hot auction: ${BIDDERS} bidders, each bidding again once answered, ${SECONDS} s after ${WARMUP} s of warm-up`,
      '',
      '| side | requests/s | accepted bids/s | ack p50 ms | ack p99 ms | acknowledged (warm-up too) | stored | lost | rising | 5xx and errors | accepted by each instance |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---|',
      ...pairs.flatMap(([one, two], i) => [line(one), line(two), ratioLine([one, two], i)]),
      '',
      `"Stored" exceeds "acknowledged" by the bids in flight when the clock stopped (stored, answer not read: up to ${BIDDERS} per stop, warm-up and run).`,
      `Accepted bids/s, two behind HAProxy ÷ one: ${ROUNDS > 1 ? `median of ${ratios.map((r) => r.toFixed(2)).join(', ')} = ` : ''}${median(ratios).toFixed(2)} (no target).`,
      `Target: zero lost bids (every 201 stored, in rising order, no 5xx): ${lost} lost → ${held(ok)}.`,
    ].join('\n'),
  };
}

// 3. Fan-out.
interface FanoutRow {
  side: Side;
  round: number;
  run: FanoutResult;
  /** Sockets open on each instance once every client watched. */
  sockets: number[];
}

async function fanoutLoad(side: Side, round: number, cookies: string[]): Promise<FanoutRow> {
  console.log(`fan-out: ${label(side, round)}`);
  let sockets: number[] = [];
  const run = await runFanout({
    targets: side.targets,
    bidUrl: side.url,
    auctionId: side.fanoutAuctions[round]!,
    cookies: cookies.slice(0, 20),
    clients: CLIENTS,
    processes: options.processes,
    rate: RATE,
    burst: 1,
    seconds: SECONDS,
    client: options.client,
    serverPids: side.pids,
    balancerPid: side.balancerPid,
    onReady: async () => void (sockets = await metrics(side, 'souq_socket_connections')),
  });
  return { side, round, run, sockets };
}

/** Two targets: the p99 (with the table) and nothing lost (its line in the summary). */
function fanoutTable(pairs: Array<[FanoutRow, FanoutRow]>): [Part, Part] {
  const at = (r: FanoutRow, p: number) => percentile(r.run.latencies, p);
  const differences = pairs.map(([one, two]) => at(two, 99) - at(one, 99));
  const difference = median(differences);
  const rows = pairs.flat();
  const missing = rows.reduce((sum, r) => sum + r.run.expected - r.run.received, 0);
  const gaps = rows.reduce((sum, r) => sum + r.run.gaps, 0);
  const refused = rows.reduce((sum, r) => sum + r.run.sent - r.run.accepted, 0);
  const p99Ok = difference <= FANOUT_P99_MARGIN_MS;
  const whole = missing === 0 && gaps === 0 && refused === 0;
  const perMessage = (r: FanoutRow, seconds: number) => (r.run.messages ? f1((seconds * 1e6) / r.run.messages) : '–');
  const line = (r: FanoutRow) =>
    `| ${label(r.side, r.round)} | ${r.sockets.map(f0).join(' / ')} | ${r.run.sent} | ${r.run.accepted} | ${f0(r.run.received)} / ${f0(r.run.expected)} | ${r.run.gaps} | ${at(r, 50)} | ${at(r, 95)} | ${at(r, 99)} | ${r.run.latencies.at(-1) ?? '–'} | ${perMessage(r, r.run.serverCpuSeconds)} | ${r.side.balancerPid ? perMessage(r, r.run.balancerCpuSeconds) : '–'} |`;
  const differenceLine = ([one, two]: [FanoutRow, FanoutRow], i: number) =>
    `| **two behind HAProxy − one${ROUNDS > 1 ? `, round ${i + 1}` : ''}** | | | | | | ${signed(at(two, 50) - at(one, 50))} | ${signed(at(two, 95) - at(one, 95))} | **${signed(differences[i]!)} ms** | | | |`;
  const table = {
    name: `fan-out: p99 through two ≤ one + ${FANOUT_P99_MARGIN_MS} ms`,
    ok: p99Ok,
    text: [
      `### 3. A bid's fan-out to ${f0(CLIENTS)} socket clients (${options.client} clients in ${options.processes} processes), ${RATE} bids/s for ${SECONDS} s`,
      '',
      '| side | sockets on each instance | bids sent | accepted | delivered / expected | gaps | p50 ms | p95 ms | p99 ms | max ms | instances CPU µs per message | HAProxy CPU µs per message |',
      '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      ...pairs.flatMap(([one, two], i) => [line(one), line(two), differenceLine([one, two], i)]),
      '',
      `Target: p99 through two ≤ one instance's p99 + ${FANOUT_P99_MARGIN_MS} ms: ${ROUNDS > 1 ? `median of ${differences.map((d) => signed(d)).join(', ')} = ` : ''}${signed(difference)} ms → ${held(p99Ok)}.`,
      `Target: every accepted bid reaches every client, no gaps: ${missing} missing, ${gaps} gaps, ${refused} bids refused → ${held(whole)}.`,
    ].join('\n'),
  };
  return [table, { name: 'fan-out: every accepted bid reaches every client, no gaps', text: '', ok: whole }];
}

async function main() {
  const missing = await whyNot();
  if (missing) {
    console.error(`bench:cluster cannot run here: ${missing}`);
    process.exitCode = 1;
    return;
  }
  const cleanups: Array<() => Promise<void>> = [];
  const loadBefore = os.loadavg()[0]!.toFixed(1);
  try {
    const database = await benchDatabase('postgres', options.url);
    cleanups.push(() => database.drop());
    // Bids from one person come as fast as the server answers: the per-person limit is a production guard, not the subject here.
    const env = { ...database.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', BID_RATE_LIMIT: '100000000' };
    // The demo catalog (what bench:http reads), then people and auctions for the bids and the fan-out.
    const demo = await buildApp(loadConfig({ ...database.env, LOG_LEVEL: 'silent', SEED_DEMO: 'true' }));
    await demo.jobs.stop();
    await demo.app.close();
    // Room for 8,000 bids a second on each side (PostgreSQL took 5,500–5,900 on a quiet box, bench:bids).
    const perSide = auctionsFor(8_000, SECONDS + WARMUP);
    const { auctionIds, cookies } = await seedAuction(env, BIDDERS, 2 * ROUNDS * (perSide + 1));
    /** Side 0 or 1's auctions for each round: `perSide` to bid on, then one for the fan-out. */
    const auctionsOf = (side: number) =>
      Array.from({ length: ROUNDS }, (_, round) =>
        auctionIds.slice((2 * round + side) * (perSide + 1), (2 * round + side + 1) * (perSide + 1)),
      );

    const oneMetricsPort = await freePort();
    const one: ServerProcess = await startServerProcess({ ...env, METRICS_PORT: String(oneMetricsPort) });
    cleanups.push(() => one.stop());
    const cluster: Cluster = await startCluster({
      instances: 2,
      env: { ...env, REDIS_URL: options.redis },
      stdio: options.logs ? 'inherit' : 'ignore',
    });
    cleanups.push(() => cluster.stop());

    const sides: [Side, Side] = [
      {
        label: 'one instance, direct',
        url: one.url,
        pids: [one.child.pid!],
        metricsUrls: [`http://127.0.0.1:${oneMetricsPort}`],
        targets: [{ url: one.url }],
        bidAuctions: auctionsOf(0).map((a) => a.slice(0, perSide)),
        fanoutAuctions: auctionsOf(0).map((a) => a[perSide]!),
      },
      {
        label: 'two instances behind HAProxy',
        url: cluster.url,
        pids: cluster.instances.map((s) => s.child.pid!),
        balancerPid: cluster.haproxy.pid!,
        metricsUrls: cluster.instances.map((s) => `http://127.0.0.1:${s.metricsPort}`),
        // deploy/haproxy.cfg's stickiness cookie: half the sockets to each instance, all through the balancer's one address.
        targets: cluster.instances.map((_, i) => ({ url: cluster.url, cookie: `souq_lb=souq${i + 1}` })),
        bidAuctions: auctionsOf(1).map((a) => a.slice(0, perSide)),
        fanoutAuctions: auctionsOf(1).map((a) => a[perSide]!),
      },
    ];

    const parts: Part[] = [];
    if (PARTS.has('reads')) parts.push(readTable(await rounds(sides, readLoad)));
    if (PARTS.has('bids'))
      parts.push(bidTable(await rounds(sides, (side, round) => bidLoad(side, round, cookies, database.env))));
    if (PARTS.has('fanout'))
      parts.push(...fanoutTable(await rounds(sides, (side, round) => fanoutLoad(side, round, cookies))));

    const haproxyVersion = /version (\S+)/.exec(spawnSync(HAPROXY, ['-v'], { encoding: 'utf8' }).stdout)?.[1] ?? '?';
    console.log(
      `\n## bench:cluster — ${os.cpus()[0]?.model} ×${os.cpus().length}, Node ${process.version}, HAProxy ${haproxyVersion}, PostgreSQL at ${new URL(options.url).host}, Redis at ${new URL(options.redis).host}; ` +
        `nothing pinned; ${ROUNDS > 1 ? `${ROUNDS} rounds, the order turned each round` : 'one round'}; load average ${loadBefore} before, ${os.loadavg()[0]!.toFixed(1)} after\n`,
    );
    console.log(
      parts
        .filter((p) => p.text)
        .map((p) => p.text)
        .join('\n\n'),
    );
    console.log(`\n### Targets\n\n${parts.map((p) => `- ${p.name}: ${held(p.ok)}`).join('\n')}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
