import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chooseEncoding } from '../src/http/compression.js';
import { createUser, insertProducts } from './catalog-support.js';
import { startTestApp, type TestApp } from './support.js';

const BROWSER = 'gzip, deflate, br, zstd';

const decode: Record<string, (data: Buffer) => Buffer> = {
  gzip: (data) => zlib.gunzipSync(data),
  br: (data) => zlib.brotliDecompressSync(data),
};

describe('compression', () => {
  let t: TestApp;
  let dist: string;
  const script = `console.log(${JSON.stringify('souq '.repeat(2000))});`;
  const shop = '/api/products?limit=60';

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
    fs.writeFileSync(path.join(dist, 'assets', 'tiny-abc123.js'), 'export {};');
    t = await startTestApp('sqlite', { webDist: dist });
    const seller = await createUser(t);
    await insertProducts(
      t,
      seller.id,
      Array.from({ length: 30 }, (_, i) => ({ title: `Lantern ${i}` })),
    );
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  describe('without Accept-Encoding', () => {
    it('sends JSON as it is, with its length', async () => {
      const res = await get(shop);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toBeUndefined();
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.json().items).toHaveLength(30);
    });

    it('sends files as they are', async () => {
      const res = await get('/assets/index-abc123.js');
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.body).toBe(script);
    });
  });

  describe('for clients that ask', () => {
    it.each(['gzip', 'br'])('compresses JSON with %s when that is all the client takes', async (encoding) => {
      const plain = await get(shop);
      const res = await get(shop, encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toBe('accept-encoding');
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(JSON.parse(decode[encoding]!(res.rawPayload).toString())).toEqual(plain.json());
    });

    it.each(['gzip', 'br'])('compresses files with %s when that is all the client takes', async (encoding) => {
      const res = await get('/assets/index-abc123.js', encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-length']).toBeUndefined();
      expect(decode[encoding]!(res.rawPayload).toString()).toBe(script);
    });

    it("answers a browser's JSON with gzip and its files with brotli", async () => {
      expect((await get(shop, BROWSER)).headers['content-encoding']).toBe('gzip');
      expect((await get('/assets/index-abc123.js', BROWSER)).headers['content-encoding']).toBe('br');
    });

    it('leaves answers under 1 kB alone', async () => {
      const health = await get('/api/health', BROWSER);
      expect(health.headers['content-encoding']).toBeUndefined();
      expect(health.json()).toEqual({ ok: true, db: 'sqlite' });
      expect((await get('/assets/tiny-abc123.js', BROWSER)).headers['content-encoding']).toBeUndefined();
    });

    it('sends nothing compressed to a client that refuses every encoding we have', async () => {
      for (const header of ['identity', 'gzip;q=0, br;q=0', 'deflate', '']) {
        expect((await get(shop, header)).headers['content-encoding']).toBeUndefined();
      }
    });
  });

  describe('choosing the encoding', () => {
    it.each([
      ['gzip, deflate, br', ['gzip', 'br'], 'gzip'],
      ['gzip, deflate, br', ['br', 'gzip'], 'br'],
      ['br;q=0.5, gzip;q=0.8', ['br', 'gzip'], 'gzip'],
      ['BR, GZIP;q=0', ['gzip', 'br'], 'br'],
      ['*', ['br', 'gzip'], 'br'],
      ['*;q=0, gzip', ['br', 'gzip'], 'gzip'],
      ['x-gzip', ['br', 'gzip'], 'gzip'],
      ['identity, deflate', ['br', 'gzip'], undefined],
    ] as const)('Accept-Encoding %j with our preference %j gives %s', (header, preferred, expected) => {
      expect(chooseEncoding(header, preferred)).toBe(expected);
    });
  });
});

describe('a kept body', () => {
  it('is compressed once for everyone asking while it is being compressed', async () => {
    const { keptBody, sendKept } = await import('../src/http/compression.js');
    const kept = keptBody(Buffer.from('<p>souq</p>'.repeat(500)));
    const brotli = vi.spyOn(zlib, 'brotliCompress');
    try {
      const sent = await Promise.all(
        Array.from(
          { length: 5 },
          () =>
            new Promise<Buffer>((resolve, reject) => {
              const reply = {
                header: () => reply,
                getHeader: () => undefined,
                send: (body: Buffer) => resolve(body),
              };
              sendKept(reply as never, 'br', kept, reject);
            }),
        ),
      );
      expect(brotli).toHaveBeenCalledTimes(1);
      for (const body of sent) expect(zlib.brotliDecompressSync(body).toString()).toBe(kept.body.toString());
    } finally {
      brotli.mockRestore();
    }
  });
});
