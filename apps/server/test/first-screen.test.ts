import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_STATE_ID } from '@souq/shared';
import { createUser, insertProducts } from './catalog-support.js';
import { createFakeClock } from '../src/lib/clock.js';
import {
  FIRST_SCREEN_KEPT_MS,
  FIRST_SCREEN_REUSED_MS,
  firstScreenEntry,
  withFirstScreen,
} from '../src/http/first-screen.js';
import { pageChunks } from '../src/http/page-chunks.js';
import { HINT_KEPT_MS } from '../src/http/spa.js';
import { DIALECTS, startTestApp, type TestApp } from './support.js';

const SHELL = '<div class="app">static shell</div>';
const INDEX = `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-abc.js"></head><body><div id="root"><!--first-screen-->${SHELL}<!--/first-screen--></div></body></html>`;

/** Vite's build manifest, cut down: a page importing a chunk of its own and one the entry has. */
const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', imports: ['_vendor-abc.js'] },
  '_vendor-abc.js': { file: 'assets/vendor-abc.js' },
  '_Gallery-abc.js': { file: 'assets/Gallery-abc.js', imports: ['_vendor-abc.js'] },
  'src/routes/ProductPage.tsx': {
    file: 'assets/ProductPage-abc.js',
    imports: ['_Gallery-abc.js', '_vendor-abc.js', 'index.html'],
  },
};

/**
 * A stand-in for the web app's server bundle (the real one is built by Vite and exercised in the
 * browser suites): it renders the shop's first page of titles from our API through `load`, and
 * does what the test's control file says (render, decline, fail) so the server's side of the
 * contract can be checked on its own.
 */
const FAKE_BUNDLE = `
import fs from 'node:fs';
export const renders = [];
export function createFirstScreenRenderer(load) {
  return async (url) => {
    const mode = fs.readFileSync(new URL('./mode', import.meta.url), 'utf8');
    // Counted in a file: the bundle runs on the server's render worker, not in this test's thread.
    fs.appendFileSync(new URL('./renders', import.meta.url), '.');
    if (mode === 'decline') return null;
    if (mode === 'fail') throw new Error('render failed');
    const { status, body } = await load('/api/products');
    const titles = JSON.parse(body).items.map((p) => p.title);
    // Padded past the size worth compressing.
    const html = '<ul>' + titles.map((t) => '<li>' + t + '</li>').join('') + '</ul><p>' + 'souq '.repeat(300) + '</p>';
    return { html, state: JSON.stringify({ url, status, titles }), modules: url.startsWith('/product/') ? ['src/routes/ProductPage.tsx'] : [] };
  };
}
`;

describe('withFirstScreen', () => {
  it('puts the screen in place of the shell and its data before </body>, with no way out of the script', () => {
    const page = withFirstScreen(INDEX, {
      html: '<main>Watches</main>',
      state: '{"title":"</script><script>alert(1)</script>"}',
      modules: [],
    });
    expect(page).not.toContain(SHELL);
    expect(page).toContain('<div id="root"><main>Watches</main></div>');
    expect(page).toContain(
      `<script id="${FIRST_SCREEN_STATE_ID}" type="application/json">{"title":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}</script></body>`,
    );
    expect(JSON.parse(page!.split('type="application/json">')[1]!.split('</script>')[0]!)).toEqual({
      title: '</script><script>alert(1)</script>',
    });
  });

  it('declines a page without the markers', () => {
    expect(
      withFirstScreen('<!doctype html><div id="root"></div>', { html: '<main/>', state: '{}', modules: [] }),
    ).toBeNull();
  });

  it('names the page’s chunks in the head, except those index.html already names', () => {
    const page = withFirstScreen(INDEX, { html: '<main/>', state: '{}', modules: [] }, [
      '/assets/ProductPage-abc.js',
      '/assets/vendor-abc.js',
      '/assets/index-abc.js',
    ])!;
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head.endsWith('<link rel="modulepreload" crossorigin href="/assets/ProductPage-abc.js">')).toBe(true);
    expect(page.split('/assets/vendor-abc.js').length).toBe(2);
    expect(page.split('/assets/index-abc.js').length).toBe(2);
  });
});

describe('pageChunks', () => {
  it('follows a page’s imports through the manifest, each chunk once, and reads a rebuilt manifest', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-manifest-'));
    try {
      const chunks = pageChunks(dist);
      expect(chunks(['src/routes/ProductPage.tsx'])).toEqual([]);
      fs.mkdirSync(path.join(dist, '.vite'));
      fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
      expect(chunks(['src/routes/ProductPage.tsx'])).toEqual([
        '/assets/ProductPage-abc.js',
        '/assets/Gallery-abc.js',
        '/assets/vendor-abc.js',
        '/assets/index-abc.js',
      ]);
      expect(chunks(['src/routes/Missing.tsx'])).toEqual([]);
      const rebuilt = { ...MANIFEST, 'src/routes/ProductPage.tsx': { file: 'assets/ProductPage-new.js' } };
      fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(rebuilt));
      const later = new Date(Date.now() + 5000);
      fs.utimesSync(path.join(dist, '.vite', 'manifest.json'), later, later);
      expect(chunks(['src/routes/ProductPage.tsx'])).toEqual(['/assets/ProductPage-new.js']);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

/** A web build of index.html, the manifest and the fake server bundle; its dist/ directory. */
function fakeBuild(): string {
  const build = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-build-'));
  const dist = path.join(build, 'dist');
  fs.mkdirSync(dist);
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  fs.mkdirSync(path.dirname(firstScreenEntry(dist)));
  fs.writeFileSync(firstScreenEntry(dist), FAKE_BUNDLE);
  fs.writeFileSync(path.join(dist, '..', 'dist-ssr', 'mode'), 'render');
  return dist;
}

describe.each(DIALECTS)('the server-rendered first screen (%s)', (dialect) => {
  let t: TestApp;
  let dist: string;
  const clock = createFakeClock();
  const mode = (value: 'render' | 'decline' | 'fail') =>
    fs.writeFileSync(path.join(dist, '..', 'dist-ssr', 'mode'), value);
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const renders = () => {
    const counted = path.join(dist, '..', 'dist-ssr', 'renders');
    return fs.existsSync(counted) ? fs.statSync(counted).size : 0;
  };

  beforeAll(async () => {
    dist = fakeBuild();
    t = await startTestApp(dialect, { webDist: dist }, { clock });
    const seller = await createUser(t);
    await insertProducts(t, seller.id, [{ title: 'Falcon <Hood>', popularity: 9 }]);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(path.dirname(dist), { recursive: true, force: true });
  });
  beforeEach(() => {
    mode('render');
    // Past any screen's reuse: each test's visits render (or decline) afresh.
    clock.advance(FIRST_SCREEN_REUSED_MS);
  });

  it('answers an anonymous visit with the screen rendered from our API, and no validators of the file', async () => {
    const res = await get('/?sort=newest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers.etag).toBeUndefined();
    expect(res.body).not.toContain(SHELL);
    expect(res.body).toContain('<div id="root"><ul><li>Falcon <Hood></li></ul><p>souq ');
    const state = JSON.parse(res.body.split('type="application/json">')[1]!.split('</script>')[0]!);
    expect(state).toEqual({ url: '/?sort=newest', status: 200, titles: ['Falcon <Hood>'] });
  });

  it('names a product page’s own chunks for the browser to fetch with the entry, and the shop’s none', async () => {
    const product = await get('/product/whatever');
    const head = product.body.slice(0, product.body.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/ProductPage-abc.js"><link rel="modulepreload" crossorigin href="/assets/Gallery-abc.js"></head>'.replace(
        '</head>',
        '',
      ),
    );
    expect(product.body.split('/assets/vendor-abc.js').length).toBe(2);
    const shop = await get('/');
    expect(shop.body).not.toContain('ProductPage-abc.js');
    expect(shop.body.match(/rel="modulepreload"/g)).toHaveLength(1);
    // The manifest is the server's, not a file to hand out.
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
  });

  it('compresses the page for a browser, once for everyone who gets the same screen', async () => {
    const first = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    const again = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers.vary).toMatch(/cookie, accept-language, accept-encoding/i);
    expect(zlib.gunzipSync(first.rawPayload).toString()).toContain(
      '<div id="root"><ul><li>Falcon <Hood></li></ul><p>souq ',
    );
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const plain = await get('/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(zlib.gunzipSync(first.rawPayload).toString());
  });

  it('renders a page once for everyone who asks meanwhile, and again only when what it read has changed', async () => {
    const before = renders();
    await Promise.all([get('/'), get('/'), get('/')]);
    await get('/');
    expect(renders() - before).toBe(1);
    // Due for its refresh, with the same answers: the same screen, not rendered again.
    clock.advance(2 * FIRST_SCREEN_KEPT_MS);
    await get('/');
    await get('/');
    expect(renders() - before).toBe(1);
    const seller = await createUser(t);
    await insertProducts(t, seller.id, [{ title: 'Saddle <Cloth>', popularity: 99 }]);
    clock.advance(2 * FIRST_SCREEN_KEPT_MS);
    await get('/');
    const fresh = await get('/');
    expect(renders() - before).toBe(2);
    expect(fresh.body).toContain('<li>Saddle <Cloth></li>');
    // Rendered afresh once it is old enough, changed or not.
    clock.advance(FIRST_SCREEN_REUSED_MS);
    await get('/');
    await get('/');
    expect(renders() - before).toBe(3);
  });

  it('sends a signed-in visit the shell: the page would show its owner’s likes and name', async () => {
    const before = renders();
    const res = await get('/', { cookie: 'theme=dark; souq_sid=abc' });
    expect(res.body).toContain(SHELL);
    expect(res.body).not.toContain(FIRST_SCREEN_STATE_ID);
    expect(res.headers.etag).toMatch(/^W\//);
    expect(renders()).toBe(before);
  });

  it.each(['decline', 'fail'] as const)('sends the shell when the render declines or fails (%s)', async (how) => {
    mode(how);
    const res = await get('/product/whatever');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(SHELL);
    expect(res.body).not.toContain(FIRST_SCREEN_STATE_ID);
  });
});

/**
 * The first screen is the page asked for most: once Fastify has sent a rendered page, the next
 * signed-out visit in the same language gets its bytes before Fastify sees the request, while the
 * screen is fresh (issue 29: GET / at 40% of bare Node).
 */
describe('rendered pages sent before Fastify', () => {
  let t: TestApp;
  let dist: string;
  let base: string;
  let reachedFastify = 0;
  const clock = createFakeClock();

  beforeAll(async () => {
    dist = fakeBuild();
    t = await startTestApp('sqlite', { webDist: dist }, { clock }, (app) =>
      app.addHook('onRequest', (_request, _reply, done) => {
        reachedFastify++;
        done();
      }),
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const seller = await createUser(t);
    await insertProducts(t, seller.id, [{ title: 'Falcon hood', popularity: 9 }]);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(path.dirname(dist), { recursive: true, force: true });
  });

  function read(url: string, headers: Record<string, string> = {}) {
    const before = reachedFastify;
    return new Promise<{ viaFastify: boolean; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      const req = http.request(`${base}${url}`, { headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ viaFastify: reachedFastify > before, headers: { ...res.headers }, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  }
  const withoutIds = (headers: Record<string, unknown>) => ({ ...headers, date: undefined, 'x-request-id': undefined });

  it('sends the bytes Fastify sent, per language and encoding, and only while the screen is fresh', async () => {
    clock.advance(2 * FIRST_SCREEN_KEPT_MS);
    const variants: Array<Record<string, string>> = [{}, { 'accept-encoding': 'br' }, { 'accept-language': 'ar' }];
    for (const headers of variants) {
      let fromFastify = await read('/', headers);
      if (!fromFastify.viaFastify) throw new Error('the first visit of a language was answered early');
      let early = await read('/', headers);
      // The first visit may have been the one to render; the next is sent by Fastify and kept.
      if (early.viaFastify) [fromFastify, early] = [early, await read('/', headers)];
      expect(early.viaFastify, JSON.stringify(headers)).toBe(false);
      expect(early.body.equals(fromFastify.body)).toBe(true);
      expect(withoutIds(early.headers)).toEqual(withoutIds(fromFastify.headers));
    }
    const arabic = await read('/', { 'accept-language': 'ar' });
    expect(arabic.body.toString()).toContain('<html lang="ar" dir="rtl">');
    // The same language chosen on the header's switch gets the same page, early too.
    const chosen = await read('/', { cookie: 'souq_lang=ar' });
    expect(chosen.viaFastify).toBe(false);
    expect(chosen.body.equals(arabic.body)).toBe(true);
    expect((await read('/', {})).body.toString()).not.toContain('lang="ar"');
    // A signed-in visit is never sent someone else's page.
    expect((await read('/', { cookie: 'souq_sid=abc' })).viaFastify).toBe(true);
    // A screen due for its refresh goes through Fastify, which renders it again.
    clock.advance(FIRST_SCREEN_KEPT_MS);
    expect((await read('/', {})).viaFastify).toBe(true);
  });

  it('sends a signed-in visit the shell Fastify sent, per language and encoding, while its hint is fresh', async () => {
    const product = (await t.app.inject({ url: '/api/products' })).json<{ items: Array<{ id: string }> }>().items[0]!;
    const url = `/product/${product.id}`;
    const variants: Array<Record<string, string>> = [
      { cookie: 'souq_sid=abc' },
      { cookie: 'souq_sid=def', 'accept-encoding': 'br' },
      { cookie: 'souq_lang=ar; souq_sid=abc' },
    ];
    expect((await read(url, variants[0])).viaFastify).toBe(true);
    for (const headers of variants) {
      // Fastify's own answer to compare with (an answer it sends is kept for the next reader).
      const fromFastify = await read(url, { ...headers, 'if-none-match': 'none' });
      expect(fromFastify.viaFastify).toBe(true);
      const early = await read(url, headers);
      expect(early.viaFastify, JSON.stringify(headers)).toBe(false);
      expect(early.body.equals(fromFastify.body)).toBe(true);
      expect(withoutIds(early.headers)).toEqual(withoutIds(fromFastify.headers));
      expect(early.body.toString()).not.toContain(FIRST_SCREEN_STATE_ID);
    }
    // Another signed-in reader gets the same page: nothing in it is the reader's own.
    expect((await read(url, { cookie: 'souq_sid=someone-else' })).viaFastify).toBe(false);
    // A browser revalidating its copy gets its 304 from Fastify.
    const etag = String((await read(url, { cookie: 'souq_sid=abc' })).headers.etag);
    expect((await read(url, { cookie: 'souq_sid=abc', 'if-none-match': etag })).viaFastify).toBe(true);
    // A visitor still gets the rendered page, never the signed-in one.
    const visitor = await read(url, {});
    expect(visitor.body.toString()).toContain(FIRST_SCREEN_STATE_ID);
    // Once the URL's hint is due to be looked up again, Fastify answers (and looks it up).
    clock.advance(HINT_KEPT_MS);
    expect((await read(url, { cookie: 'souq_sid=abc' })).viaFastify).toBe(true);
  });
});
