/**
 * The floor under the fan-out benchmark: what this machine charges to write one small message to
 * each of N TCP sockets whose readers live in other processes, with no Socket.IO, no Engine.IO, no
 * WebSocket parsing, no JSON. Same shape as `fanout.bench.ts` (N clients in `--processes`
 * processes, `--rate` updates a second, each written to every socket from one Node process), so
 * its figures are the part of that benchmark's cost and latency no code of ours can remove.
 *
 *   npm run bench:fanout-floor -- [--clients 2000] [--rate 20] [--seconds 10] [--processes 2] [--bytes 600]
 *
 * Each message is `--bytes` long (an auction update is about 600) and starts with the sender's
 * clock in microseconds; readers on the same machine compare it with theirs.
 */
import { fork } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { treeCpuSeconds } from './support/cpu.js';
import { percentile } from './support/server.js';
import { benchOptions } from './support/options.js';

const nowMicros = () => Math.round((performance.timeOrigin + performance.now()) * 1000);

/** A reader process: `count` sockets, each cutting its byte stream into fixed-size messages. */
function reader(port: number, count: number, bytes: number) {
  const latencies: number[] = [];
  let open = 0;
  for (let i = 0; i < count; i++) {
    let pending: Buffer = Buffer.alloc(0);
    const socket = net.connect(port, '127.0.0.1', () => {
      if (++open === count) process.send!({ type: 'ready' });
    });
    socket.on('data', (chunk: Buffer) => {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (pending.length >= bytes) {
        latencies.push((nowMicros() - Number(pending.toString('latin1', 0, 20))) / 1000);
        pending = pending.subarray(bytes);
      }
    });
    socket.on('error', () => {});
  }
  process.on('message', (message: { type: string }) => {
    if (message.type === 'finish') process.send!({ type: 'stats', latencies }, () => process.exit(0));
  });
}

async function writer() {
  const {
    clients: CLIENTS,
    rate: RATE,
    seconds: SECONDS,
    processes: PROCESSES,
    bytes: BYTES,
  } = benchOptions({ clients: 2000, rate: 20, seconds: 10, processes: 2, bytes: 600 });
  const sockets: net.Socket[] = [];
  const server = net.createServer((socket) => {
    socket.setNoDelay(true);
    sockets.push(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const readers = Array.from({ length: PROCESSES }, (_, p) =>
    fork(
      fileURLToPath(import.meta.url),
      [
        '--reader',
        String(port),
        String(Math.floor(CLIENTS / PROCESSES) + (p < CLIENTS % PROCESSES ? 1 : 0)),
        String(BYTES),
      ],
      {
        execArgv: ['--import', 'tsx'],
      },
    ),
  );
  await Promise.all(readers.map((r) => new Promise<void>((resolve) => r.once('message', () => resolve()))));
  // A reader's connect callback may run before this side has accepted the socket.
  while (sockets.length < CLIENTS) await new Promise((resolve) => setTimeout(resolve, 10));

  const cpuBefore = process.cpuUsage();
  const readersCpuBefore = readers.reduce((sum, r) => sum + treeCpuSeconds(r.pid!), 0);
  const started = Date.now();
  let updates = 0;
  while (Date.now() - started < SECONDS * 1000) {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + (updates * 1000) / RATE - Date.now())));
    const message = Buffer.alloc(BYTES, 0x20);
    message.write(String(nowMicros()).padStart(20, '0'), 0, 'latin1');
    for (const socket of sockets) socket.write(message);
    updates++;
  }
  const cpu = process.cpuUsage(cpuBefore);
  const readersCpu = readers.reduce((sum, r) => sum + treeCpuSeconds(r.pid!), 0) - readersCpuBefore;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const stats = await Promise.all(
    readers.map(
      (r) =>
        new Promise<number[]>((resolve) => {
          r.on('message', (m: { type: string; latencies: number[] }) => m.type === 'stats' && resolve(m.latencies));
          r.send({ type: 'finish' });
        }),
    ),
  );
  server.close();
  for (const socket of sockets) socket.destroy();
  const latencies = stats.flat().sort((a, b) => a - b);
  const delivered = latencies.length;
  const ms = (p: number) => percentile(latencies, p).toFixed(1);
  console.log(
    `\nfan-out floor: ${CLIENTS} TCP sockets read in ${PROCESSES} processes, ${RATE} messages/s of ${BYTES} bytes to each for ${SECONDS} s, Node ${process.version}`,
  );
  console.log(
    '| clients | updates | delivered / expected | p50 ms | p95 ms | p99 ms | max ms | writer CPU µs per message (user) | readers CPU µs per message |',
  );
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  console.log(
    `| ${CLIENTS} | ${updates} | ${delivered} / ${updates * sockets.length} | ${ms(50)} | ${ms(95)} | ${ms(99)} | ${latencies.at(-1)?.toFixed(1)} | ${((cpu.user + cpu.system) / delivered).toFixed(1)} (${(cpu.user / delivered).toFixed(1)}) | ${((readersCpu * 1e6) / delivered).toFixed(1)} |`,
  );
  if (delivered !== updates * sockets.length) process.exitCode = 1;
}

if (process.argv[2] === '--reader') reader(Number(process.argv[3]), Number(process.argv[4]), Number(process.argv[5]));
else
  writer().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
