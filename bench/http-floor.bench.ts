/**
 * The floor under the bids benchmark: the same paced POSTs (50 keep-alive connections, a steady
 * rate, latency counted from when each request was due) answered by a server that does nothing
 * but parse the body and send back a bid-sized JSON answer: bare Node `http`, or Fastify with one
 * route. What Souq's bid costs above these is ours to cut; what these cost is the machine's.
 *
 *   npm run bench:http-floor -- [--server node|fastify] [--rate 5000] [--seconds 10]
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { treeCpuSeconds } from './support/cpu.js';
import { pacedLoad, quantile } from './support/paced-load.js';
import { benchOptions } from './support/options.js';

/** The shape and size of a placed bid's answer. */
const ANSWER = {
  message: 'Bid placed',
  auction: {
    id: 'a'.repeat(36),
    seq: 1,
    currentBid: 100_000_00,
    bidCount: 3,
    minimumBid: 100_500_00,
    endsAt: new Date().toISOString(),
    status: 'open',
    leader: { id: 'b'.repeat(36), username: 'omar', profilePic: '' },
    reserveMet: true,
  },
};

async function serve(kind: string): Promise<number> {
  if (kind === 'fastify') {
    const app = Fastify();
    app.post('/bid', async (_request, reply) => {
      reply.code(201).header('cache-control', 'no-store');
      return ANSWER;
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return (app.server.address() as { port: number }).port;
  }
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk));
    request.on('end', () => {
      JSON.parse(body);
      const answer = JSON.stringify(ANSWER);
      response.writeHead(201, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
        'content-length': Buffer.byteLength(answer),
      });
      response.end(answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

async function main() {
  const options = benchOptions({ server: 'node', rate: 5000, seconds: 10 });
  const child = fork(fileURLToPath(import.meta.url), ['--serve', options.server], { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(m as number)));
  const { rate, seconds } = options;
  const cpuBefore = treeCpuSeconds(child.pid!);
  let answered = 0;
  let failed = 0;
  const result = await pacedLoad({
    url: `http://127.0.0.1:${port}`,
    rate,
    seconds,
    warmupSeconds: 3,
    clients: 50,
    make: () => ({
      path: '/bid',
      headers: { 'content-type': 'application/json', cookie: `souq_sid=${'c'.repeat(43)}` },
      body: JSON.stringify({ amount: 123_456_00 }),
    }),
    onAnswer: (_client, status) => void (status === 201 ? answered++ : failed++),
  });
  const cpuMicros = ((treeCpuSeconds(child.pid!) - cpuBefore) * 1e6) / Math.max(1, answered);
  child.kill();
  const ms = (q: number) => quantile(result.latenciesMs, q).toFixed(1);
  console.log(
    `\nhttp floor: ${options.server}, ${rate} requests/s offered for ${seconds} s after 3 s of the same, 50 connections, Node ${process.version}`,
  );
  console.log('| server | requests/s | p50 ms | p99 ms | server CPU µs per request | failed |');
  console.log('|---|---:|---:|---:|---:|---:|');
  console.log(
    `| ${options.server} | ${Math.round(result.answered / seconds)} | ${ms(0.5)} | ${ms(0.99)} | ${cpuMicros.toFixed(0)} | ${failed} |`,
  );
  if (failed) process.exitCode = 1;
}

if (process.argv[2] === '--serve') void serve(process.argv[3]!).then((port) => process.send!(port));
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
