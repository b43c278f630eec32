/**
 * Chat fan-out in a live stream: from a chat message's sending to its arrival at every viewer.
 *
 *   npm run bench:chat -- [--clients 500] [--rate 10] [--seconds 10] [--processes 2]
 *
 * Souq runs in its own process (SQLite); the viewers run in `--processes` other processes, each
 * socket joined to the stream's room; this process keeps the host present on the socket and
 * sends `--rate` chat messages a second from as many different people (the chat allows one a
 * second per person), each carrying its send time. Every viewer must receive every message.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { benchDatabase, percentile, ROOT, startServerProcess } from './support/server.js';
import { seedStream } from './support/fixtures.js';
import { benchOptions } from './support/options.js';
import { joinedStream } from './support/stream-socket.js';

const {
  clients: CLIENTS,
  rate: RATE,
  seconds: SECONDS,
  processes: PROCESSES,
} = benchOptions({ clients: 500, rate: 10, seconds: 10, processes: 2 });

async function main() {
  const database = await benchDatabase('sqlite');
  // A sender per message in each second: the chat's own limit is one a second per person.
  const { streamId, hostCookie, cookies } = await seedStream(database.env, RATE * 2);
  const server = await startServerProcess(database.env);
  const host = await joinedStream(server.url, hostCookie, streamId);
  const presence = setInterval(() => host.emit('stream:heartbeat', { streamId }), 5000);
  const senders = await Promise.all(cookies.map((cookie) => joinedStream(server.url, cookie, streamId)));
  const crowds = Array.from({ length: PROCESSES }, (_, p) => {
    const share = Math.floor(CLIENTS / PROCESSES) + (p < CLIENTS % PROCESSES ? 1 : 0);
    return fork(path.join(ROOT, 'bench/support/socket-clients.ts'), [server.url, streamId, String(share), 'stream'], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  });
  try {
    await Promise.all(crowds.map((c) => new Promise<void>((resolve) => c.once('message', () => resolve()))));
    let sent = 0;
    let accepted = 0;
    const started = Date.now();
    for (let n = 0; Date.now() - started < SECONDS * 1000; n++) {
      const due = started + (n * 1000) / RATE;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
      const sender = senders[n % senders.length]!;
      sent++;
      sender.emit(
        'stream:chat',
        { streamId, text: `t=${Date.now()} hello from the bench`, clientId: `bench-${n}-${started}` },
        (ack: { ok?: boolean }) => {
          if (ack?.ok) accepted++;
        },
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const stats = await Promise.all(
      crowds.map(
        (c) =>
          new Promise<{ latencies: number[]; received: number }>((resolve) => {
            c.on(
              'message',
              (m: { type: string; latencies: number[]; received: number }) => m.type === 'stats' && resolve(m),
            );
            c.send({ type: 'finish' });
          }),
      ),
    );
    const latencies = stats.flatMap((s) => s.latencies).sort((a, b) => a - b);
    const received = stats.reduce((sum, s) => sum + s.received, 0);
    const expected = accepted * CLIENTS;
    console.log(
      `\nchat fan-out: ${CLIENTS} viewers in ${PROCESSES} processes, ${RATE} messages/s for ${SECONDS} s, Node ${process.version}`,
    );
    console.log(
      '| viewers | messages/s | sent | accepted | delivered / expected | p50 ms | p95 ms | p99 ms | max ms |',
    );
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    console.log(
      `| ${CLIENTS} | ${RATE} | ${sent} | ${accepted} | ${received} / ${expected} | ${percentile(latencies, 50)} | ${percentile(latencies, 95)} | ${percentile(latencies, 99)} | ${latencies.at(-1)} |`,
    );
    if (received !== expected || accepted !== sent) process.exitCode = 1;
  } finally {
    clearInterval(presence);
    for (const s of [host, ...senders]) s.disconnect();
    for (const c of crowds) if (c.exitCode === null) c.kill();
    await server.stop();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
