import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../src/lib/clock.js';
import { startTestApp, type TestApp } from './support.js';

export interface RawAnswer {
  status: number;
  headers: Record<string, unknown>;
  body: Buffer;
}

/**
 * An app on a real port (the early path runs only there, not under `inject`) that counts the
 * requests reaching Fastify, and logs at info into `logLines`.
 */
export async function startEarlyPathApp(options: { clock?: Clock } = {}) {
  let reachedFastify = 0;
  const logLines: string[] = [];
  const t: TestApp = await startTestApp(
    'sqlite',
    { logLevel: 'info' },
    { logStream: { write: (line) => void logLines.push(line) }, ...options },
    (app) =>
      app.addHook('onRequest', (_request, _reply, done) => {
        reachedFastify++;
        done();
      }),
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;

  /** The bytes on the wire, undecoded (fetch would decompress and add Accept-Encoding). */
  function raw(url: string, headers: Record<string, string> = {}, method = 'GET') {
    return new Promise<RawAnswer>((resolve, reject) => {
      const req = http.request(`${base}${url}`, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: { ...res.headers }, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  }

  /** Reads `url` and says whether Fastify saw the request. */
  async function readCounting(url: string, headers: Record<string, string> = {}, method = 'GET') {
    const before = reachedFastify;
    const res = await raw(url, headers, method);
    return { ...res, viaFastify: reachedFastify > before };
  }

  return { t, raw, readCounting, logLines };
}

/** What two answers of the same URL share: not their date, nor their request's id. */
export const withoutDate = (headers: Record<string, unknown>) => ({
  ...headers,
  date: undefined,
  'x-request-id': undefined,
});
