import zlib from 'node:zlib';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, createUser, insertProduct, type TestUser } from './catalog-support.js';
import { DIALECTS, startTestApp, type TestApp } from './support.js';
import { startEarlyPathApp, withoutDate } from './early-path-support.js';

/** Another process writes straight to the database, as a second instance of Souq would. */
async function writeElsewhere(t: TestApp, statement: string, values: string[]): Promise<void> {
  const database = t.config.database;
  if (database.kind === 'sqlite') {
    const other = new SQLite(database.file);
    try {
      other.prepare(statement.replace(/\$\d/g, '?')).run(...values);
    } finally {
      other.close();
    }
    return;
  }
  const other = new pg.Client({ connectionString: database.url, options: `-c search_path=${database.schema}` });
  await other.connect();
  try {
    await other.query(statement, values);
  } finally {
    await other.end();
  }
}

/** Shared answers: kept for signed-out readers, and never older than the last write. */
describe.each(DIALECTS)('shared answers (%s)', (dialect) => {
  let t: TestApp;
  let seller: TestUser;
  let fan: TestUser;
  let id: string;
  let detail: ReturnType<typeof vi.spyOn>;
  let list: ReturnType<typeof vi.spyOn>;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    seller = await createUser(t);
    fan = await createUser(t);
    id = await insertProduct(t, seller.id, { title: 'Brass lantern', description: 'x'.repeat(2000) });
    detail = vi.spyOn(t.catalog, 'detail');
    list = vi.spyOn(t.catalog, 'list');
  });
  beforeEach(async () => {
    // Any write makes every kept answer stale: each test starts with none.
    await t.database.db.updateTable('products').set({ title: 'Brass lantern' }).where('id', '=', id).execute();
    vi.clearAllMocks();
  });
  afterAll(() => t.close());

  const read = (url = `/api/products/${id}`, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('builds the answer once and sends it again while nothing changed', async () => {
    const first = await read();
    const again = await read();
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(detail).toHaveBeenCalledTimes(1);
    await read('/api/products');
    await read('/api/products');
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('builds a fresh answer after a write through the API', async () => {
    await read();
    expect((await call(t, 'PUT', `/api/products/${id}/like`, { user: fan })).statusCode).toBe(200);
    expect((await read()).json().likeCount).toBe(1);
    expect((await read('/api/products')).json().items[0].likeCount).toBe(1);
  });

  it('builds a fresh answer after a write by another process on the same database', async () => {
    await read();
    await writeElsewhere(t, 'update products set title = $1 where id = $2', ['Silver lantern', id]);
    // SQLite sees another writer's commit at once; PostgreSQL when its notification arrives.
    await expect.poll(async () => (await read()).json().title, { timeout: 3000 }).toBe('Silver lantern');
  });

  it('builds a fresh answer after a transaction that was rolled back', async () => {
    const before = (await read()).json();
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await trx.updateTable('products').set({ title: 'Never saved' }).where('id', '=', id).execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await read()).json()).toEqual(before);
  });

  it('shares pages of products with every reader, signed in or not', async () => {
    const signedOut = await read('/api/products');
    const signedIn = await call(t, 'GET', '/api/products', { user: fan });
    expect(signedIn.body).toBe(signedOut.body);
    expect(list).toHaveBeenCalledTimes(1);
  });

  it('never shares a product page built for someone signed in, nor serves them one', async () => {
    await read();
    const mine = await call(t, 'GET', `/api/products/${id}`, { user: seller });
    expect(mine.json()).toMatchObject({ isOwner: true });
    expect((await call(t, 'GET', `/api/products/${id}`, { user: seller })).json()).toMatchObject({ isOwner: true });
    expect((await read()).json()).toMatchObject({ isOwner: false, likedByMe: false, reviewedByMe: false });
    // Both signed-in reads were built; the signed-out one was built once, in the first read above.
    expect(detail).toHaveBeenCalledTimes(3);
  });

  it('keeps errors out', async () => {
    const missing = '/api/products/00000000-0000-4000-8000-000000000000';
    expect((await read(missing)).statusCode).toBe(404);
    expect((await read(missing)).statusCode).toBe(404);
    expect(detail).toHaveBeenCalledTimes(2);
  });

  it('compresses a shared answer once per encoding and sends it to each client that asks', async () => {
    const plain = await read();
    for (const [encoding, decode] of [
      ['gzip', zlib.gunzipSync],
      ['br', zlib.brotliDecompressSync],
    ] as const) {
      for (let i = 0; i < 2; i++) {
        const res = await read(undefined, { 'accept-encoding': encoding });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers.vary).toBe('accept-encoding');
        expect(decode(res.rawPayload).toString()).toBe(plain.body);
      }
    }
    expect(detail).toHaveBeenCalledTimes(1);
  });
});

/** The early path: a kept answer Fastify has sent once goes out again before Fastify sees the request (ADR 0027). */
describe('kept answers sent before Fastify (sqlite)', () => {
  let t: TestApp;
  let seller: TestUser;
  let id: string;
  let readCounting: Awaited<ReturnType<typeof startEarlyPathApp>>['readCounting'];
  let logLines: string[];

  beforeAll(async () => {
    ({ t, readCounting, logLines } = await startEarlyPathApp());
    seller = await createUser(t);
    // Arabic in the answer: its bytes are not its characters (the early path sends bytes encoded once).
    id = await insertProduct(t, seller.id, { title: 'Copper kettle إبريق نحاس', description: 'y'.repeat(2000) });
    // Enough cards that the shop's page is worth compressing too.
    for (let i = 0; i < 12; i++) await insertProduct(t, seller.id, { title: `Copper pot ${i}` });
  });
  afterAll(() => t.close());

  it('sends the very bytes and headers Fastify sent for the kept answer, in each encoding', async () => {
    for (const url of [`/api/products/${id}`, '/api/products']) {
      for (const headers of [{}, { 'accept-encoding': 'gzip, deflate, br' }, { 'accept-encoding': 'br' }] as Array<
        Record<string, string>
      >) {
        // Built, then sent again by Fastify (its bytes kept), then early: at most three reads.
        let fromFastify = await readCounting(url, headers);
        expect(fromFastify.viaFastify).toBe(true);
        let early = await readCounting(url, headers);
        if (early.viaFastify) [fromFastify, early] = [early, await readCounting(url, headers)];
        expect(early.viaFastify).toBe(false);
        expect(early.status).toBe(200);
        expect(early.body.equals(fromFastify.body)).toBe(true);
        expect(withoutDate(early.headers)).toEqual(withoutDate(fromFastify.headers));
        expect(early.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
        expect(early.headers['x-request-id']).not.toBe(fromFastify.headers['x-request-id']);
        expect(early.headers['content-security-policy']).toBeTruthy();
      }
    }
  });

  it("answers with the balancer's X-Request-Id when it is well formed, and logs it", async () => {
    const url = `/api/products/${id}`;
    for (let i = 0; i < 3; i++) await readCounting(url);
    const given = await readCounting(url, { 'x-request-id': 'lb-0a1b2c3d:42' });
    expect(given.viaFastify).toBe(false);
    expect(given.headers['x-request-id']).toBe('lb-0a1b2c3d:42');
    const logged = logLines
      .map((line) => JSON.parse(line) as { reqId?: string; msg: string })
      .filter((l) => l.reqId === 'lb-0a1b2c3d:42');
    expect(logged.map((l) => l.msg)).toEqual(['request completed (kept answer)']);
    const hostile = await readCounting(url, { 'x-request-id': 'x'.repeat(200) });
    expect(hostile.viaFastify).toBe(false);
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('counts the answers it sends early, by route pattern', async () => {
    const url = `/api/products/${id}`;
    const series = 'souq_http_kept_answers_total{route="/api/products/:id"}';
    const count = async () =>
      Number(
        (await t.metrics.registry.metrics())
          .split('\n')
          .find((l) => l.startsWith(`${series} `))
          ?.slice(series.length + 1) ?? 0,
      );
    for (let i = 0; i < 3; i++) await readCounting(url);
    const before = await count();
    for (let i = 0; i < 4; i++) expect((await readCounting(url)).viaFastify).toBe(false);
    expect((await count()) - before).toBe(4);
  });

  it('leaves to Fastify a request after a write, with an unknown session, a HEAD, and everything while draining', async () => {
    const url = `/api/products/${id}`;
    for (let i = 0; i < 3; i++) await readCounting(url);
    expect((await readCounting(url)).viaFastify).toBe(false);

    await t.database.db.updateTable('products').set({ title: 'Copper kettle, large' }).where('id', '=', id).execute();
    const fresh = await readCounting(url);
    expect(fresh.viaFastify).toBe(true);
    expect(JSON.parse(fresh.body.toString()).title).toBe('Copper kettle, large');
    await readCounting(url);
    expect((await readCounting(url)).viaFastify).toBe(false);

    // A session cookie whose session is no one's: Fastify answers it.
    expect((await readCounting(url, { cookie: 'souq_sid=nobody' })).viaFastify).toBe(true);
    expect((await readCounting(url, {}, 'HEAD')).viaFastify).toBe(true);

    void t.drain(50);
    const draining = await readCounting(url);
    expect(draining.status).toBe(503);
    expect(draining.headers.connection).toBe('close');
  });
});
