/**
 * A live show's moments every viewer must see at once (issues 30 and 47): from the host's "Start
 * lot" to the lot on every viewer's socket, from each bid to every viewer's socket while bids pour
 * in at `--bids-per-second`, and from a lot's close (its timer running out on the server's clock)
 * to every viewer's socket hearing "Sold". Target: p99 under 250 ms with 500 viewers and 20 bids a
 * second. The raw-socket floor (`fanout-floor.bench.ts`, the same viewers and rate with no code of
 * ours) runs after it in the same invocation, so the two are read side by side.
 *
 *   npm run bench:show -- [--viewers 500] [--lots 5] [--processes 2] [--bids-per-second 20] [--bid-seconds 5] [--no-floor]
 *
 * Souq runs in its own process (SQLite); the viewers (bare WebSocket clients, light enough to
 * leave the CPU to the server) run in `--processes` other processes. For each lot this process
 * starts it over HTTP as the host would; then simulated bidders (seeded accounts, as a rehearsal's
 * are) bid the next minimum one after another, each through the same bid endpoint a person uses,
 * for `--bid-seconds`; the lot's 10 s timer closes it on the server. Latency is the viewer's clock
 * reading minus the start's or the bid's send time, or minus the lot's `endsAt`: every process
 * runs on this machine's one clock.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import type { StreamDetail } from '@souq/shared';
import { seedShow } from './support/fixtures.js';
import { benchOptions } from './support/options.js';
import { joinedStream } from './support/stream-socket.js';
import { benchDatabase, percentile, ROOT, startServerProcess } from './support/server.js';

const {
  viewers: VIEWERS,
  lots: LOTS,
  processes: PROCESSES,
  'bids-per-second': BIDS_PER_SECOND,
  'bid-seconds': BID_SECONDS,
  'no-floor': NO_FLOOR,
} = benchOptions({ viewers: 500, lots: 5, processes: 2, 'bids-per-second': 20, 'bid-seconds': 5, 'no-floor': false });
/** Enough bidders that none meets the per-bidder limit (BID_RATE_LIMIT, 20 in 10 s). */
const BIDDERS = Math.max(2, Math.ceil(BIDS_PER_SECOND / 1.5));

/**
 * Simulated bidders bid the next minimum in turn at the given rate for the given time; returns,
 * by the lot's bid count each accepted bid made, when it was sent.
 */
async function bidFor(url: string, lotId: string, cookies: readonly string[]): Promise<Map<number, number>> {
  const sentAt = new Map<number, number>();
  const gap = 1000 / BIDS_PER_SECOND;
  const until = Date.now() + BID_SECONDS * 1000;
  let amount = 100;
  for (let i = 0; Date.now() < until; i++) {
    const due = Date.now() + gap;
    const sent = Date.now();
    const answer = await fetch(`${url}/api/auctions/${lotId}/bids`, {
      method: 'POST',
      headers: { cookie: cookies[i % cookies.length]!, origin: url, 'content-type': 'application/json' },
      body: JSON.stringify({ amount }),
    });
    const body = (await answer.json()) as { auction?: { bidCount: number; minimumBid: number } };
    if (answer.ok && body.auction) {
      sentAt.set(body.auction.bidCount, sent);
      amount = body.auction.minimumBid;
    }
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
  }
  return sentAt;
}

/** The raw-socket floor for the same viewers and rate, printed under this run's own figures. */
function runFloor(): Promise<void> {
  const args = ['--clients', String(VIEWERS), '--rate', String(BIDS_PER_SECOND), '--seconds', String(BID_SECONDS)];
  const child = fork(path.join(ROOT, 'bench/fanout-floor.bench.ts'), [...args, '--processes', String(PROCESSES)], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`floor: ${code}`)))),
  );
}

async function post(url: string, path: string, cookie: string): Promise<void> {
  const answer = await fetch(`${url}${path}`, { method: 'POST', headers: { cookie, origin: url } });
  if (!answer.ok) throw new Error(`POST ${path}: ${answer.status} ${await answer.text()}`);
}

async function detail(url: string, streamId: string): Promise<StreamDetail> {
  return (await fetch(`${url}/api/streams/${streamId}`)).json() as Promise<StreamDetail>;
}

async function main() {
  const database = await benchDatabase('sqlite');
  const { streamId, hostCookie, cookies } = await seedShow(database.env, LOTS, BIDDERS);
  const server = await startServerProcess(database.env);
  const host = await joinedStream(server.url, hostCookie, streamId);
  await post(server.url, `/api/streams/${streamId}/live`, hostCookie);
  // The host's socket joined before the show was live: it joins again to host it.
  await new Promise((resolve) => host.emit('stream:join', { streamId }, resolve));
  const presence = setInterval(() => host.emit('stream:heartbeat', { streamId }), 5000);
  const crowds = Array.from({ length: PROCESSES }, (_, p) => {
    const share = Math.floor(VIEWERS / PROCESSES) + (p < VIEWERS % PROCESSES ? 1 : 0);
    return fork(
      path.join(ROOT, 'bench/support/socket-clients.ts'),
      [server.url, streamId, String(share), 'show', 'wire'],
      { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
    );
  });
  try {
    await Promise.all(crowds.map((c) => new Promise<void>((resolve) => c.once('message', () => resolve()))));
    const startedAt = new Map<string, number>();
    /** How long the host's start request took to answer: the part of the start's latency before any fan-out. */
    const answered: number[] = [];
    const closedAt = new Map<string, number>();
    /** By lot: when each accepted bid (by the lot's bid count) was sent. */
    const bidSentAt = new Map<string, Map<number, number>>();
    const lots = (await detail(server.url, streamId)).lots;
    for (const lot of lots) {
      const sent = Date.now();
      await post(server.url, `/api/streams/${streamId}/lots/${lot.id}/start`, hostCookie);
      answered.push(Date.now() - sent);
      startedAt.set(lot.id, sent);
      bidSentAt.set(lot.id, await bidFor(server.url, lot.id, cookies));
      // The lot closes on its timer; wait for it, and a moment for the news to travel.
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const now = (await detail(server.url, streamId)).lots.find((l) => l.id === lot.id)!;
        if (now.status === 'sold' || now.status === 'passed') {
          closedAt.set(lot.id, Date.parse(now.endsAt!));
          break;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const stats = await Promise.all(
      crowds.map(
        (c) =>
          new Promise<{ heard: Array<[string, number[]]> }>((resolve) => {
            c.on(
              'message',
              (m: { type: string; heard: Array<[string, number[]]> }) => m.type === 'stats' && resolve(m),
            );
            c.send({ type: 'finish' });
          }),
      ),
    );
    const heard = new Map<string, number[]>();
    for (const s of stats) for (const [key, times] of s.heard) heard.set(key, [...(heard.get(key) ?? []), ...times]);
    const starts: number[] = [];
    const closes: number[] = [];
    const bids: number[] = [];
    let missing = 0;
    for (const lot of lots) {
      const running = heard.get(`${lot.id} running`) ?? [];
      const sold = heard.get(`${lot.id} sold`) ?? [];
      missing += 2 * VIEWERS - running.length - sold.length;
      starts.push(...running.map((t) => t - startedAt.get(lot.id)!));
      closes.push(...sold.map((t) => t - closedAt.get(lot.id)!));
      for (const [count, sent] of bidSentAt.get(lot.id) ?? []) {
        const times = heard.get(`${lot.id} bid ${count}`) ?? [];
        missing += VIEWERS - times.length;
        for (const t of times) bids.push(t - sent);
      }
    }
    const placed = [...bidSentAt.values()].reduce((n, m) => n + m.size, 0);
    for (const list of [starts, closes, bids]) list.sort((a, b) => a - b);
    console.log(
      `\nshow fan-out: ${VIEWERS} viewers in ${PROCESSES} processes, ${LOTS} lots, ${placed} bids at ${BIDS_PER_SECOND}/s from ${BIDDERS} simulated bidders, Node ${process.version}`,
    );
    console.log('| moment | deliveries | missing | p50 ms | p95 ms | p99 ms | max ms |');
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const [name, list] of [
      ['start lot → viewer', starts],
      ['bid → viewer', bids],
      ['close → viewer sees Sold', closes],
    ] as const)
      console.log(
        `| ${name} | ${list.length} | | ${percentile(list, 50)} | ${percentile(list, 95)} | ${percentile(list, 99)} | ${list.at(-1)} |`,
      );
    console.log(`missing deliveries: ${missing}; the start request answered in ${answered.join(', ')} ms`);
    if (missing > 0) process.exitCode = 1;
  } finally {
    clearInterval(presence);
    host.disconnect();
    for (const c of crowds) if (c.exitCode === null) c.kill();
    await server.stop();
    await database.drop();
  }
}

main()
  .then(() => (NO_FLOOR ? undefined : runFloor()))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
