import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@souq/shared';
import { createUser, type TestUser } from './catalog-support.js';
import { listen } from './realtime-support.js';
import { DIALECTS, startTestApp, type TestApp } from './support.js';

/** Long enough for a server that answers at all; a connection left hanging fails well within the test's own timeout. */
const NEXT_ANSWER_MS = 3000;
const KB = 1024;

/** A multipart body of `count` files of `size` bytes under `field` (a PNG's first bytes, then padding), as raw bytes. */
async function multipart(field: string, count: number, size: number) {
  const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(size - 8, 7)]);
  const form = new FormData();
  form.append('title', 'Oversized');
  for (let i = 0; i < count; i++) form.append(field, new Blob([new Uint8Array(png)]), `${field}-${i}.png`);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

/**
 * What one keep-alive connection hears: the answer to `first` (headers and body, by its
 * Content-Length), then, once `second` is sent on it, another answer or the connection's close,
 * or 'hung' when neither comes in time.
 */
function twoRequests(port: number, first: Buffer, second: string): Promise<{ first: string; next: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let firstAnswer: string | undefined;
    let timer: NodeJS.Timeout | undefined;
    const finish = (next: string) => {
      clearTimeout(timer);
      socket.destroy();
      if (firstAnswer === undefined) reject(new Error(`no first answer (${next}): ${received.slice(0, 300)}`));
      else resolve({ first: firstAnswer, next });
    };
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (firstAnswer === undefined) {
        const end = received.indexOf('\r\n\r\n');
        const length = Number(/content-length: (\d+)/i.exec(received.slice(0, end))?.[1] ?? NaN);
        if (end < 0 || received.length < end + 4 + length) return;
        firstAnswer = received.slice(0, end + 4 + length);
        received = received.slice(firstAnswer.length);
        socket.write(second, () => undefined);
        timer = setTimeout(() => finish('hung'), NEXT_ANSWER_MS);
      } else if (/^HTTP\/1\.1 \d{3}/.test(received)) finish(received.slice(0, 12));
    });
    // The server may stop reading the body it refused: writing the rest then fails, which is no answer of ours.
    socket.on('error', (error) => finish(`error ${(error as NodeJS.ErrnoException).code}`));
    socket.on('close', () => finish('closed'));
    socket.write(first, () => undefined);
  });
}

/**
 * Issue 42, item 3: a multipart body refused with 413 before it was read to its end left the
 * keep-alive connection waiting for a body nobody read, so the next request on it was never answered.
 */
describe.each(DIALECTS)('a refused upload on a keep-alive connection (%s)', (dialect) => {
  let t: TestApp;
  let port: number;
  let seller: TestUser;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    port = Number(new URL(await listen(t)).port);
    seller = await createUser(t);
  });
  afterAll(() => t.close());

  const OVERSIZED = [
    {
      name: 'two clips',
      url: `/api/streams/${crypto.randomUUID()}/lots/${crypto.randomUUID()}/clip`,
      field: 'clip',
      count: 2,
      message: MSG.oneFileOnly,
    },
    { name: 'ten photos', url: '/api/products', field: 'images', count: 10, message: MSG.tooManyImages },
  ];

  it.each(OVERSIZED)(
    '$name: 413, then the next request is answered or the connection closed, never left hanging',
    async ({ url, field, count, message }) => {
      const { body, type } = await multipart(field, count, 512 * KB);
      const head = [
        `POST ${url} HTTP/1.1`,
        'Host: 127.0.0.1',
        'Connection: keep-alive',
        `Cookie: ${seller.cookie}`,
        `Content-Type: ${type}`,
        `Content-Length: ${body.length}`,
      ];
      const first = Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), body]);
      const { first: answer, next } = await twoRequests(
        port,
        first,
        'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n',
      );
      expect(answer.slice(0, 12)).toBe('HTTP/1.1 413');
      expect(answer).toContain(JSON.stringify(message));
      expect(next).not.toBe('hung');
    },
  );
});
