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
import { cpuProfileDir, profileReport } from './http-load/cpu-profile.js';
import { benchDatabase, percentile, startServerProcess, type ServerProcess } from './support/server.js';
import { seedAuction } from './support/fixtures.js';
import { runFanout } from './support/fanout-run.js';
import { benchOptions } from './support/options.js';

const options = benchOptions({
  clients: 2000,
  instances: 1,
  rate: 20,
  seconds: 10,
  processes: 2,
  burst: 1,
  client: 'socket.io',
  redis: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
  profile: false,
});
const {
  clients: CLIENTS,
  instances: INSTANCES,
  rate: RATE,
  seconds: SECONDS,
  processes: PROCESSES,
  burst: BURST,
} = options;

async function main() {
  const database = await benchDatabase('sqlite');
  const env = { ...database.env, BID_RATE_LIMIT: '100000000', ...(INSTANCES > 1 ? { REDIS_URL: options.redis } : {}) };
  const { auctionId, cookies } = await seedAuction(env, 20);
  const servers: ServerProcess[] = [];
  // --profile: where the first instance's CPU goes while it fans out (the one the bids go to).
  const profiling = options.profile ? cpuProfileDir('souq-fanout-prof-') : undefined;
  const spawnedAt = performance.now();
  for (let i = 0; i < INSTANCES; i++)
    servers.push(await startServerProcess(env, i === 0 && profiling ? profiling.nodeArgs : []));
  try {
    const run = await runFanout({
      // Each crowd process spreads its sockets over every instance; the bids go to the first.
      targets: servers.map((s) => ({ url: s.url })),
      bidUrl: servers[0]!.url,
      auctionId,
      cookies,
      clients: CLIENTS,
      processes: PROCESSES,
      rate: RATE,
      burst: BURST,
      seconds: SECONDS,
      client: options.client,
      serverPids: servers.map((s) => s.child.pid!),
    });
    const { sent, accepted, received, expected, messages, gaps, latencies } = run;
    const [fromMs, toMs] = [run.startedAt - spawnedAt, run.stoppedAt - spawnedAt];
    const [cpuSeconds, crowdCpuSeconds] = [run.serverCpuSeconds, run.crowdCpuSeconds];
    const perMessage = (seconds: number) => (messages ? ((seconds * 1e6) / messages).toFixed(1) : '-');
    console.log(
      `\nfan-out: ${CLIENTS} clients in ${PROCESSES} processes, ${INSTANCES} instance(s)${INSTANCES > 1 ? ' through Redis' : ''}, ${RATE * BURST} bids/s (${BURST} at once, ${RATE} times a second) for ${SECONDS} s, ${options.client} clients, Node ${process.version}`,
    );
    console.log(
      '| clients | instances | bids/s | bids sent | accepted | delivered / expected | messages per client | gaps | p50 ms | p95 ms | p99 ms | max ms | server CPU µs per message | clients CPU µs per message |',
    );
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
    await Promise.all(servers.map((s) => s.stop()));
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
