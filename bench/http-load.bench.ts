/**
 * Throughput and latency of the hot read paths under load, as a share of a bare node:http server
 * measured in the same run, on SQLite and PostgreSQL.
 *
 *   npm run bench:http                                        # both databases
 *   npm run bench:http -- --dialect sqlite --before <git-ref> # plus the app at that commit, interleaved (A/B)
 *   npm run bench:http -- --rounds 3                          # median of 3 interleaved rounds (a shared, noisy box)
 *   npm run bench:http -- --only "signed in|readers"          # only the endpoints whose name has this text (or that)
 *   npm run bench:http -- --profile /api/products/:id         # CPU profile of one endpoint instead
 *   npm run bench:http -- --profile /api/products/:id --signed-in   # ... with a demo account's session
 *   npm run bench:http -- --profile / --language ar                  # ... in Arabic
 *
 * Every server runs in its own process pinned to core 0 (`main.ts`, as `npm start` runs it, with
 * demo data, LOG_LEVEL=warn unless --log-level says otherwise); wrk runs pinned to core 1. No
 * Accept-Encoding is sent unless the endpoint says so. Needs `wrk` (Debian: apt-get install wrk)
 * and `taskset` (util-linux).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildWebIfStale, root } from '../scripts/build-web.mjs';
import { SERVER_NODE_FLAGS } from '../scripts/server-flags.mjs';
import { cpuProfileDir, profileReport } from './http-load/cpu-profile.js';
import { checkoutRef, startServer, wrk, type LoadResult, type Server } from './http-load/processes.js';
import { benchOptions, OPTIONAL_STRING } from './support/options.js';

const options = benchOptions({
  dialect: 'sqlite,postgres',
  seconds: 8,
  warmup: 2,
  connections: 100,
  threads: 2,
  rounds: 1,
  'log-level': 'warn',
  before: OPTIONAL_STRING,
  profile: OPTIONAL_STRING,
  'signed-in': false,
  /** Only the endpoints whose name contains this text, or one of a|b|c (the bare server always runs). */
  only: OPTIONAL_STRING,
  /** With --profile: the Accept-Language to send (e.g. ar). */
  language: OPTIONAL_STRING,
  url: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
});
const { seconds: SECONDS, warmup: WARMUP, connections: CONNECTIONS, threads: THREADS, rounds: ROUNDS } = options;
const WEB_DIST = path.join(root, 'apps/web/dist');

interface Endpoint {
  name: string;
  /** Relative to the server; `:id` becomes a demo product's id. */
  path: string;
  headers?: Record<string, string>;
  /** Sent with a demo account's session cookie: answers of their own. */
  signedIn?: boolean;
  /** Sent with this many new accounts' session cookies in turn: each request a reader not seen for a while. */
  readers?: number;
}

/** New readers for the rows that send many: more than a kept product answer remembers (256). */
const READERS = 500;

const ENDPOINTS: Endpoint[] = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET /api/products (shop, page 1)', path: '/api/products' },
  { name: 'GET /api/products/:id', path: '/api/products/:id' },
  { name: 'GET /api/products (shop, page 1), signed in', path: '/api/products', signedIn: true },
  { name: 'GET /api/products/:id, signed in', path: '/api/products/:id', signedIn: true },
  { name: 'GET /product/:id (page), signed in', path: '/product/:id', signedIn: true },
  // A person opening For You: their first page, from their kept order.
  { name: 'GET /api/feed (first page), signed in', path: '/api/feed', signedIn: true },
  // The same reads by many people in turn, each of them seen again only 500 requests later.
  { name: `GET /api/products/:id, ${READERS} readers in turn`, path: '/api/products/:id', readers: READERS },
  { name: `GET /api/feed (first page), ${READERS} readers in turn`, path: '/api/feed', readers: READERS },
  { name: 'GET / (index.html)', path: '/' },
  { name: 'GET / (index.html), Arabic', path: '/', headers: { 'accept-language': 'ar-AE,ar;q=0.9' } },
  { name: 'GET /api/products, Accept-Encoding: gzip', path: '/api/products', headers: { 'accept-encoding': 'gzip' } },
];

interface Build {
  label: string;
  root: string;
}

const cleanups: Array<() => Promise<void> | void> = [];

async function postgresReachable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** A server of one build on one database: a fresh data directory, or a throwaway PostgreSQL schema. */
async function startApp(build: Build, dialect: string, nodeArgs: string[] = []): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-http-bench-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    WEB_DIST,
    LOG_LEVEL: options['log-level'],
    SEED_DEMO: 'true',
    // The rows with many readers sign them up first.
    AUTH_RATE_LIMIT: '100000',
  };
  if (dialect === 'postgres') {
    const schema = `bench_http_${crypto.randomBytes(4).toString('hex')}`;
    Object.assign(env, { DATABASE_URL: options.url, DATABASE_SCHEMA: schema });
    cleanups.push(async () => {
      const client = new pg.Client({ connectionString: options.url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    });
  }
  const server = await startServer(path.join(build.root, 'apps/server/src/main.ts'), env, {
    readyPath: '/api/health',
    nodeArgs: [...SERVER_NODE_FLAGS, ...nodeArgs],
  });
  cleanups.push(() => server.stop());
  return server;
}

/** Signs in as the demo account omar (README, "Demo data"), a buyer and bidder, and returns his session cookie. */
async function sessionCookie(server: Server): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'omar@souq.test', password: 'souq-demo' }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('souq_sid='));
  if (!res.ok || !cookie) throw new Error(`demo sign-in answered ${res.status}`);
  return cookie.split(';')[0]!;
}

/** Signs up `count` new accounts and returns their session cookies. */
async function newReaders(server: Server, count: number): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = `reader${i}${crypto.randomBytes(3).toString('hex')}`;
    const res = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `${name}@bench.test`,
        password: 'bench-secret',
        confirmPassword: 'bench-secret',
        username: name,
        phone: `0501${String(i).padStart(6, '0')}`,
      }),
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('souq_sid='));
    if (res.status !== 201 || !cookie) throw new Error(`sign-up answered ${res.status}: ${await res.text()}`);
    cookies.push(cookie.split(';')[0]!);
  }
  return cookies;
}

async function productId(server: Server): Promise<string> {
  const page = (await (await fetch(`${server.url}/api/products`)).json()) as { items: Array<{ id: string }> };
  if (!page.items[0]) throw new Error('the demo catalog is empty');
  return page.items[0].id;
}

function load(server: Server, url: string, headers?: Record<string, string>, cookies?: string[]): LoadResult {
  const options = { serverPid: server.child.pid!, connections: CONNECTIONS, threads: THREADS, headers, cookies };
  if (WARMUP > 0) wrk(url, { ...options, seconds: WARMUP });
  return wrk(url, { ...options, seconds: SECONDS });
}

interface Row {
  endpoint: string;
  build: string;
  result: LoadResult;
  /** Against the bare server measured in the same round. */
  share: number;
  /** The bare server's CPU time per request over this one's, in the same round. */
  cpuShare: number;
}

/** The middle one (a neighbour's burst on the shared box moves single runs either way). */
function median<T>(items: T[], by: (item: T) => number): T {
  return [...items].sort((a, b) => by(a) - by(b))[Math.floor((items.length - 1) / 2)]!;
}

function table(dialect: string, bare: LoadResult, rows: Row[]): string {
  const f1 = (n: number) => n.toFixed(1);
  const pct = (n: number) => `${Math.round(100 * n)}%`;
  const line = (endpoint: string, build: string, r: LoadResult, share: number, cpuShare: number) =>
    `| ${endpoint} | ${build} | ${Math.round(r.rps).toLocaleString('en')} | ${pct(share)} | ${Math.round(r.cpuUsPerRequest)} | ${pct(cpuShare)} | ${f1(r.p50Ms)} | ${f1(r.p99Ms)} |` +
    (r.failures ? ` ${r.failures} failed` : '');
  return [
    `### ${dialect}`,
    '',
    '| endpoint | build | req/s | share of bare node:http | CPU µs/req | share by CPU | p50 ms | p99 ms |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
    line('bare `node:http` JSON hello', '', bare, 1, 1),
    ...rows.map((r) => line(r.endpoint, r.build, r.result, r.share, r.cpuShare)),
  ].join('\n');
}

const endpoints = ENDPOINTS.filter((e) => !options.only || options.only.split('|').some((o) => e.name.includes(o)));

async function measure(dialects: string[], builds: Build[]): Promise<void> {
  const loadBefore = os.loadavg()[0]!.toFixed(1);
  const bareServer = await startServer(path.join(root, 'bench/http-load/bare-server.ts'), {}, { readyPath: '/' });
  cleanups.push(() => bareServer.stop());
  const tables: string[] = [];
  for (const dialect of dialects) {
    const servers = await Promise.all(builds.map((b) => startApp(b, dialect)));
    const ids = await Promise.all(servers.map(productId));
    const cookies = await Promise.all(servers.map(sessionCookie));
    const readers = endpoints.some((e) => e.readers)
      ? await Promise.all(servers.map((server) => newReaders(server, READERS)))
      : [];
    const bares: LoadResult[] = [];
    const runs: Row[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`${dialect}, round ${round}/${ROUNDS}: bare node:http`);
      const bare = load(bareServer, bareServer.url + '/');
      bares.push(bare);
      for (const endpoint of endpoints) {
        // Builds take turns on each endpoint, so a neighbour's load on the shared box hits both alike.
        builds.forEach((build, i) => {
          console.log(`${dialect}, round ${round}/${ROUNDS}: ${endpoint.name} (${build.label})`);
          const url = servers[i]!.url + endpoint.path.replace(':id', ids[i]!);
          const headers = { ...endpoint.headers, ...(endpoint.signedIn ? { cookie: cookies[i]! } : {}) };
          const result = load(servers[i]!, url, headers, endpoint.readers ? readers[i] : undefined);
          runs.push({
            endpoint: endpoint.name,
            build: build.label,
            result,
            share: result.rps / bare.rps,
            cpuShare: bare.cpuUsPerRequest / result.cpuUsPerRequest,
          });
        });
      }
    }
    await Promise.all(servers.map((s) => s.stop()));
    const rows = endpoints.flatMap((e) =>
      builds.map((b) =>
        median(
          runs.filter((r) => r.endpoint === e.name && r.build === b.label),
          (r) => r.cpuShare,
        ),
      ),
    );
    tables.push(
      table(
        dialect,
        median(bares, (b) => b.rps),
        rows,
      ),
    );
  }
  console.log(
    `\n${os.cpus()[0]?.model} ×${os.cpus().length}, Node ${process.version}; wrk -t${THREADS} -c${CONNECTIONS} -d${SECONDS}s after ${WARMUP}s warm-up; ` +
      `servers on core 0, wrk on core 1; LOG_LEVEL=${options['log-level']}; ` +
      (ROUNDS > 1
        ? `median of ${ROUNDS} interleaved rounds, share against the same round's bare server`
        : 'one round') +
      `; load average ${loadBefore} before, ${os.loadavg()[0]!.toFixed(1)} after (other work on the box)\n`,
  );
  console.log(tables.join('\n\n'));
}

/** Runs one endpoint at 20 connections under --cpu-prof and prints where the time goes. */
async function profile(endpointPath: string, dialect: string, builds: Build[]): Promise<void> {
  for (const build of builds) {
    const profiling = cpuProfileDir('souq-cpu-prof-');
    const server = await startApp(build, dialect, profiling.nodeArgs);
    const url = server.url + endpointPath.replace(':id', await productId(server));
    const headers = {
      ...(options['signed-in'] ? { cookie: await sessionCookie(server) } : {}),
      ...(options.language ? { 'accept-language': options.language } : {}),
    };
    const run = { serverPid: server.child.pid!, connections: 20, threads: THREADS, headers };
    if (WARMUP > 0) wrk(url, { ...run, seconds: WARMUP });
    const fromMs = performance.now() - server.spawnedAt;
    const result = wrk(url, { ...run, seconds: SECONDS });
    const toMs = performance.now() - server.spawnedAt;
    await server.stop();
    const who = options['signed-in'] ? ', signed in' : '';
    console.log(
      `\n### ${build.label}: GET ${endpointPath}${who} on ${dialect}, 20 connections, ${Math.round(result.rps)} req/s while profiled\n`,
    );
    console.log(profileReport(profiling.dir, { fromMs, toMs }));
  }
}

async function main(): Promise<void> {
  buildWebIfStale();
  const builds: Build[] = [];
  if (options.before) {
    const { dir, sha } = checkoutRef(root, options.before);
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    builds.push({ label: `before (${sha})`, root: dir });
  }
  builds.push({ label: options.before ? 'after' : 'this checkout', root });

  let dialects = options.dialect.split(',').map((d) => d.trim());
  if (dialects.includes('postgres') && !(await postgresReachable(options.url))) {
    console.error(`\n*** PostgreSQL is not reachable at ${options.url}: measuring SQLite only ***\n`);
    dialects = dialects.filter((d) => d !== 'postgres');
  }
  if (options.profile) await profile(options.profile, dialects[0]!, builds);
  else await measure(dialects, builds);
}

try {
  await main();
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup();
}
