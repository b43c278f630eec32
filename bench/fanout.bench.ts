/**
 * Fan-out: from a bid's acceptance to its arrival at every socket client watching the auction.
 *
 *   npm run bench:fanout -- [--clients 2000] [--instances 1|2] [--rate 20] [--seconds 10] [--processes 2] [--burst 1] [--client socket.io|wire] [--profile]
 *
 * Souq runs in its own process (two, sharing one SQLite file and Redis, with --instances 2);
 * the clients run in `--processes` other processes, spread over the instances; this process
 * bids at `--rate` times a second through the first instance, `--burst` bids at once each time
 * (from different bidders: a hot auction, whose bids commit and reach the watchers together). Each update carries the server's
 * time of the bid; the clients measure its arrival against the same machine clock, and check
 * that sequence numbers have no gaps.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cpuProfileDir, profileReport } from './http-load/cpu-profile.js';
import { benchDatabase, percentile, ROOT, startServerProcess, type ServerProcess } from './support/server.js';
import { seedAuction } from './support/fixtures.js';
import { treeCpuSeconds } from './support/cpu.js';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '2000' },
    instances: { type: 'string', default: '1' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '10' },
    processes: { type: 'string', default: '2' },
    burst: { type: 'string', default: '1' },
    client: { type: 'string', default: 'socket.io' },
    redis: { type: 'string', default: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' },
    profile: { type: 'boolean', default: false },
  },
});
const CLIENTS = Number(values.clients);
const INSTANCES = Number(values.instances);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const PROCESSES = Number(values.processes);
const BURST = Number(values.burst);

interface Stats {
  latencies: number[];
  gaps: number;
  /** Bid rows delivered (an update may carry several). */
  received: number;
  messages: number;
}

async function main() {
  const database = await benchDatabase('sqlite');
  const env = { ...database.env, BID_RATE_LIMIT: '100000000', ...(INSTANCES > 1 ? { REDIS_URL: values.redis! } : {}) };
  const { auctionId, cookies } = await seedAuction(env, 20);
  const servers: ServerProcess[] = [];
  // --profile: where the first instance's CPU goes while it fans out (the one the bids go to).
  const profiling = values.profile ? cpuProfileDir('souq-fanout-prof-') : undefined;
  const spawnedAt = performance.now();
  for (let i = 0; i < INSTANCES; i++) servers.push(await startServerProcess(env, i === 0 && profiling ? profiling.nodeArgs : []));
  const crowds = Array.from({ length: PROCESSES }, (_, p) => {
    const share = Math.floor(CLIENTS / PROCESSES) + (p < CLIENTS % PROCESSES ? 1 : 0);
    // Each process spreads its sockets over every instance.
    return fork(path.join(ROOT, 'bench/support/socket-clients.ts'), [servers.map((s) => s.url).join(','), auctionId, String(share), 'auction', values.client!], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  });
  try {
    await Promise.all(crowds.map((c) => new Promise<void>((resolve) => c.once('message', () => resolve()))));
    let accepted = 0;
    let sent = 0;
    const fromMs = performance.now() - spawnedAt;
    // The servers' own CPU over the window: steadier than the tail when comparing two builds on a busy box.
    const serverCpu = () => servers.reduce((sum, s) => sum + treeCpuSeconds(s.child.pid!), 0);
    const crowdCpu = () => crowds.reduce((sum, c) => sum + treeCpuSeconds(c.pid!), 0);
    const cpuBefore = serverCpu();
    const crowdCpuBefore = crowdCpu();
    const started = Date.now();
    for (let n = 0; Date.now() - started < SECONDS * 1000; n++) {
      const due = started + (n * 1000) / RATE;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      await Promise.all(
        Array.from({ length: BURST }, async (_, b) => {
          const k = n * BURST + b;
          const res = await fetch(`${servers[0]!.url}/api/auctions/${auctionId}/bids`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: cookies[k % cookies.length]! },
            body: JSON.stringify({ amount: 100_00 + k * 600_00 }),
          });
          sent++;
          if (res.status === 201) accepted++;
          await res.arrayBuffer();
        }),
      );
    }
    const toMs = performance.now() - spawnedAt;
    const cpuSeconds = serverCpu() - cpuBefore;
    const crowdCpuSeconds = crowdCpu() - crowdCpuBefore;
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const stats = await Promise.all(
      crowds.map(
        (c) =>
          new Promise<Stats>((resolve) => {
            c.on('message', (m: { type: string } & Stats) => m.type === 'stats' && resolve(m));
            c.send({ type: 'finish' });
          }),
      ),
    );
    const latencies = stats.flatMap((s) => s.latencies).sort((a, b) => a - b);
    const received = stats.reduce((sum, s) => sum + s.received, 0);
    const messages = stats.reduce((sum, s) => sum + s.messages, 0);
    const gaps = stats.reduce((sum, s) => sum + s.gaps, 0);
    const expected = accepted * CLIENTS;
    const perMessage = (seconds: number) => (messages ? ((seconds * 1e6) / messages).toFixed(1) : '-');
    console.log(`\nfan-out: ${CLIENTS} clients in ${PROCESSES} processes, ${INSTANCES} instance(s)${INSTANCES > 1 ? ' through Redis' : ''}, ${RATE * BURST} bids/s (${BURST} at once, ${RATE} times a second) for ${SECONDS} s, ${values.client} clients, Node ${process.version}`);
    console.log('| clients | instances | bids/s | bids sent | accepted | delivered / expected | messages per client | gaps | p50 ms | p95 ms | p99 ms | max ms | server CPU µs per message | clients CPU µs per message |');
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    console.log(
      `| ${CLIENTS} | ${INSTANCES} | ${RATE * BURST} | ${sent} | ${accepted} | ${received} / ${expected} | ${Math.round(messages / CLIENTS)} | ${gaps} | ${percentile(latencies, 50)} | ${percentile(latencies, 95)} | ${percentile(latencies, 99)} | ${latencies.at(-1)} | ${perMessage(cpuSeconds)} | ${perMessage(crowdCpuSeconds)} |`,
    );
    if (received !== expected || gaps > 0) process.exitCode = 1;
    if (profiling) {
      await servers[0]!.stop(); // the profile is written as it exits
      console.log(`\n### Where the first instance's CPU went while fanning out\n`);
      console.log(profileReport(profiling.dir, { fromMs, toMs }));
    }
  } finally {
    for (const c of crowds) if (c.exitCode === null) c.kill();
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
