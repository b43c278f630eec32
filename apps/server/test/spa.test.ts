import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, insertProducts } from './catalog-support.js';
import { createFakeClock } from '../src/lib/clock.js';
import { HINT_KEPT_MS } from '../src/http/spa.js';
import { DIALECTS, startTestApp, type TestApp } from './support.js';

/** Serving the built web app: the SPA fallback, caching by kind of file, and compression. */
describe('the web app', () => {
  let t: TestApp;
  let dist: string;
  const script = `console.log(${JSON.stringify('souq '.repeat(500))});`;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.mkdirSync(path.join(dist, 'images'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script>',
    );
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
    fs.writeFileSync(path.join(dist, 'images', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await startTestApp('sqlite', { webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/login', '/Login', '/product/123', '/EditProduct/9', '/search?q=watch'])(
    'answers %s with the app, revalidated on every visit',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    },
  );

  it("lays the page out in the visitor's language before any script runs: Arabic right to left (issue 29)", async () => {
    const file = path.join(dist, 'index.html');
    const original = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(file, `<!doctype html><html lang="en"><head><title>Souq</title></head>${original}</html>`);
    try {
      const arabic = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'ar-AE,ar;q=0.9' } });
      expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
      expect(arabic.body).toMatch(/<title>[^<]*سوق[^<]*<\/title>/);
      expect(arabic.headers.vary).toMatch(/accept-language/);
      const chosen = await t.app.inject({
        method: 'GET',
        url: '/',
        headers: { 'accept-language': 'ar', cookie: 'souq_lang=en' },
      });
      expect(chosen.body).toContain('<html lang="en" dir="ltr">');
      // Two languages, two validators: a cached English page never answers an Arabic revalidation.
      expect(chosen.headers.etag).not.toBe(arabic.headers.etag);
      const english = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'en-US' } });
      expect(english.body).toContain('<html lang="en" dir="ltr">');
    } finally {
      fs.writeFileSync(file, original);
    }
  });

  it('answers a revalidation of the unchanged app with a 304', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/' });
    expect(first.headers.etag).toMatch(/^W\/"/);
    expect(first.headers['last-modified']).toBeDefined();
    const again = await t.app.inject({
      method: 'GET',
      url: '/shop',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves a rebuilt index.html without a restart', async () => {
    const file = path.join(dist, 'index.html');
    const original = fs.readFileSync(file, 'utf8');
    const before = await t.app.inject({ method: 'GET', url: '/' });
    try {
      const rebuilt = original.replace('index-abc123.js', 'index-def456.js');
      fs.writeFileSync(file, rebuilt);
      // Same length as before: only the modification time tells the files apart.
      fs.utimesSync(file, new Date(), new Date(Date.now() + 1000));
      const after = await t.app.inject({ method: 'GET', url: '/' });
      expect(after.body).toBe(rebuilt);
      expect(after.headers.etag).not.toBe(before.headers.etag);
    } finally {
      fs.writeFileSync(file, original);
    }
  });

  it('caches fingerprinted assets for good and compresses them', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.length).toBeLessThan(script.length / 5);
    // Never revalidated, so no validators: bytes a first visit would pay on every file.
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['last-modified']).toBeUndefined();
    expect(res.headers['accept-ranges']).toBeUndefined();
  });

  it('sends the brotli file of the build as it is to a client that reads brotli, and says the answer varies by encoding', async () => {
    const brotli = Buffer.from('pretend this is brotli');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), brotli);
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/assets/index-abc123.js',
        headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.equals(brotli)).toBe(true);
      const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    } finally {
      fs.rmSync(path.join(dist, 'assets', 'index-abc123.js.br'));
    }
  });

  it('caches other public files for an hour', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/images/logo.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it("serves the service worker revalidated on every visit, and each language's manifest as one (ADR 0058)", async () => {
    fs.writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(
      path.join(dist, 'manifest.ar.webmanifest'),
      JSON.stringify({ name: 'Souq', lang: 'ar', dir: 'rtl' }),
    );
    try {
      // A worker kept for an hour would keep a deploy's scripts from a phone for that hour.
      const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
      expect(worker.statusCode).toBe(200);
      expect(worker.headers['content-type']).toMatch(/javascript/);
      expect(worker.headers['cache-control']).toBe('no-cache');
      const manifest = await t.app.inject({ method: 'GET', url: '/manifest.ar.webmanifest' });
      expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(manifest.json()).toMatchObject({ lang: 'ar', dir: 'rtl' });
    } finally {
      fs.rmSync(path.join(dist, 'sw.js'));
      fs.rmSync(path.join(dist, 'manifest.ar.webmanifest'));
    }
  });

  it("links the web app manifest in the visitor's language (ADR 0058)", async () => {
    const file = path.join(dist, 'index.html');
    const original = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(
      file,
      `<!doctype html><html lang="en"><head><link rel="manifest" href="/manifest.en.webmanifest" /></head>${original}</html>`,
    );
    try {
      const arabic = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'souq_lang=ar' } });
      expect(arabic.body).toContain('<link rel="manifest" href="/manifest.ar.webmanifest" />');
      expect(arabic.body).not.toContain('manifest.en');
      const english = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-language': 'en-US' } });
      expect(english.body).toContain('<link rel="manifest" href="/manifest.en.webmanifest" />');
    } finally {
      fs.writeFileSync(file, original);
    }
  });

  it.each(['/assets/index-old999.js', '/images/missing.png', '/api/nothing', '/api'])(
    'answers a missing %s with a JSON 404, not the app',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    },
  );

  it('compresses JSON answers too', async () => {
    const seller = await createUser(t);
    await insertProducts(
      t,
      seller.id,
      Array.from({ length: 30 }, (_, i) => ({ title: `Lantern ${i}` })),
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/products?limit=60',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
  });
});

/** index.html goes out with a preload hint for the image its page paints largest (issue 11: LCP). */
describe.each(DIALECTS)('the first-paint hint (%s)', (dialect) => {
  let t: TestApp;
  let dist: string;
  const clock = createFakeClock();
  const hint = (file: string) => `</uploads/${file}>; rel=preload; as=image; fetchpriority=high`;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-dist-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await startTestApp(dialect, { webDist: dist }, { clock });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('names the first photo of the shop on / and the main photo of a product on its page, and follows changes', async () => {
    const seller = await createUser(t);
    const [watch, lamp, bare] = await insertProducts(t, seller.id, [
      {
        title: 'Watch',
        category: 'Watches',
        popularity: 50,
        images: JSON.stringify(['products/watch-1', 'products/watch-2']),
      },
      { title: 'Lamp', category: 'Appliances', popularity: 10, images: JSON.stringify(['products/lamp-1']) },
      { title: 'Bare', popularity: 99 },
    ]);
    // The most popular has no photo: nothing worth hinting.
    expect((await t.app.inject({ method: 'GET', url: '/' })).headers.link).toBeUndefined();
    await t.database.db.updateTable('products').set({ popularity: 0 }).where('id', '=', bare!).execute();
    clock.advance(2 * HINT_KEPT_MS);
    expect((await t.app.inject({ method: 'GET', url: '/' })).headers.link).toBe(hint('products/watch-1-thumb.webp'));
    expect((await t.app.inject({ method: 'GET', url: '/?category=Appliances' })).headers.link).toBe(
      hint('products/lamp-1-thumb.webp'),
    );
    expect((await t.app.inject({ method: 'GET', url: '/?sort=price-asc&category=Watches' })).headers.link).toBe(
      hint('products/watch-1-thumb.webp'),
    );
    expect((await t.app.inject({ method: 'GET', url: `/product/${watch}` })).headers.link).toBe(
      hint('products/watch-1.webp'),
    );
    expect((await t.app.inject({ method: 'GET', url: `/product/${lamp}` })).headers.link).toBe(
      hint('products/lamp-1.webp'),
    );

    // A hint is kept for a second; the first visit after that still gets it while it is looked up again.
    await t.database.db.updateTable('products').set({ popularity: 90 }).where('id', '=', lamp!).execute();
    expect((await t.app.inject({ method: 'GET', url: '/' })).headers.link).toBe(hint('products/watch-1-thumb.webp'));
    clock.advance(HINT_KEPT_MS);
    expect((await t.app.inject({ method: 'GET', url: '/' })).headers.link).toBe(hint('products/watch-1-thumb.webp'));
    await vi.waitFor(async () =>
      expect((await t.app.inject({ method: 'GET', url: '/' })).headers.link).toBe(hint('products/lamp-1-thumb.webp')),
    );
  });

  it.each([
    '/?category=Nonsense',
    '/?sort=%00',
    `/product/not-an-id`,
    `/product/${'0'.repeat(8)}-0000-0000-0000-000000000000`,
    '/login',
    '/product/',
  ])('sends the page without a hint for %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers.link).toBeUndefined();
    expect(res.body).toContain('<div id="root">');
  });
});
