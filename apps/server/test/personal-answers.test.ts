import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, createUser, insertProduct, type TestUser } from './catalog-support.js';
import { startEarlyPathApp, withoutDate } from './early-path-support.js';
import type { TestApp } from './support.js';

/**
 * A signed-in reader of a product page gets the answer everyone signed out shares, with their own
 * fields set (issue 43): sent before Fastify, byte for byte what Fastify would send them.
 */
describe('kept answers with a reader’s own fields (sqlite)', () => {
  let t: TestApp;
  let readCounting: Awaited<ReturnType<typeof startEarlyPathApp>>['readCounting'];
  let seller: TestUser, fan: TestUser, passer: TestUser;
  let id: string;
  let url: string;

  beforeAll(async () => {
    ({ t, readCounting } = await startEarlyPathApp());
    [seller, fan, passer] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
    id = await insertProduct(t, seller.id, { title: 'Oud burner مبخرة', description: 'z'.repeat(1500) });
    await t.database.db.updateTable('products').set({ invoice_key: 'invoices/x.pdf' }).where('id', '=', id).execute();
    url = `/api/products/${id}`;
    expect((await call(t, 'PUT', `${url}/like`, { user: fan })).statusCode).toBe(200);
    const review = await call(t, 'POST', `${url}/reviews`, { user: fan, json: { text: 'Lovely smoke.', rating: 5 } });
    expect(review.statusCode, review.body).toBe(201);
  });
  afterAll(() => t.close());

  /** Until the kept answer has gone out once through Fastify (signed out), nothing is early. */
  async function keep(headers: Record<string, string>) {
    for (let i = 0; i < 3; i++) await readCounting(url, headers);
  }

  it('each reader gets their own fields, early, as Fastify would answer them, in each encoding', async () => {
    for (const encoding of [{}, { 'accept-encoding': 'gzip, deflate, br' }] as Array<Record<string, string>>) {
      await keep(encoding);
      for (const [who, own] of [
        [fan, { likedByMe: true, reviewedByMe: true, isOwner: false, invoiceUrl: null }],
        [passer, { likedByMe: false, reviewedByMe: false, isOwner: false, invoiceUrl: null }],
        [seller, { likedByMe: false, reviewedByMe: false, isOwner: true, invoiceUrl: `${url}/invoice` }],
      ] as const) {
        const headers = { ...encoding, cookie: who.cookie };
        const early = await readCounting(url, headers);
        expect(early.viaFastify, who.username).toBe(false);
        const fastify = await t.app.inject({ method: 'GET', url, headers });
        expect(early.status).toBe(200);
        expect(early.body.equals(fastify.rawPayload), who.username).toBe(true);
        expect(withoutDate(early.headers)).toEqual({
          ...withoutDate(fastify.headers),
          connection: 'close',
          'transfer-encoding': undefined,
        });
        const body = encoding['accept-encoding']
          ? (await import('node:zlib')).gunzipSync(early.body).toString()
          : early.body.toString();
        expect(JSON.parse(body)).toMatchObject(own);
      }
    }
  });

  it('a product only signed-in people read is kept too, and everyone signed out then reads what Fastify would send', async () => {
    const other = await insertProduct(t, seller.id, { title: 'Incense box', description: 'w'.repeat(1500) });
    const otherUrl = `/api/products/${other}`;
    // The first reader is signed in: theirs is built by Fastify, and everyone's kept from it.
    expect((await readCounting(otherUrl, { cookie: fan.cookie })).viaFastify).toBe(true);
    const early = await readCounting(otherUrl, { cookie: passer.cookie });
    expect(early.viaFastify).toBe(false);
    const fastify = await t.app.inject({ method: 'GET', url: otherUrl, headers: { cookie: passer.cookie } });
    expect(early.body.equals(fastify.rawPayload)).toBe(true);
    // Signed out: the kept one, sent by Fastify first, then early, each byte as Fastify builds it.
    const built = await t.app.inject({ method: 'GET', url: `${otherUrl}?fresh` });
    await readCounting(otherUrl);
    const signedOut = await readCounting(otherUrl);
    expect(signedOut.viaFastify).toBe(false);
    expect(signedOut.body.equals(built.rawPayload)).toBe(true);
  });

  it('a reader’s own fields are read once while nothing is written, and again after a write', async () => {
    await keep({});
    const reads = vi.spyOn(t.services.catalog, 'personalFields');
    try {
      const first = await readCounting(url, { cookie: passer.cookie });
      const again = await readCounting(url, { cookie: passer.cookie });
      expect([first.viaFastify, again.viaFastify]).toEqual([false, false]);
      expect(again.body.equals(first.body)).toBe(true);
      expect(reads).toHaveBeenCalledTimes(1);
      // Another reader's fields are their own read.
      expect(JSON.parse((await readCounting(url, { cookie: fan.cookie })).body.toString())).toMatchObject({
        likedByMe: true,
      });
      expect(reads).toHaveBeenCalledTimes(2);
      expect((await call(t, 'PUT', `${url}/like`, { user: passer })).statusCode).toBe(200);
      await keep({});
      const liked = await readCounting(url, { cookie: passer.cookie });
      expect(liked.viaFastify).toBe(false);
      expect(JSON.parse(liked.body.toString())).toMatchObject({ likedByMe: true });
      expect(reads).toHaveBeenCalledTimes(3);
      expect((await call(t, 'DELETE', `${url}/like`, { user: passer })).statusCode).toBe(200);
    } finally {
      reads.mockRestore();
    }
  });

  it('after a write, or for a session no one has, Fastify answers', async () => {
    await keep({});
    expect((await readCounting(url, { cookie: fan.cookie })).viaFastify).toBe(false);
    expect((await call(t, 'DELETE', `${url}/like`, { user: fan })).statusCode).toBe(200);
    const fresh = await readCounting(url, { cookie: fan.cookie });
    expect(fresh.viaFastify).toBe(true);
    expect(JSON.parse(fresh.body.toString())).toMatchObject({ likedByMe: false });
    expect((await readCounting(url, { cookie: 'souq_sid=nobody' })).viaFastify).toBe(true);
    // Signed out, the session gone: Fastify's answer, not the person's.
    expect((await call(t, 'POST', '/api/auth/logout', { user: passer })).statusCode).toBeLessThan(300);
    await keep({});
    const gone = await readCounting(url, { cookie: passer.cookie });
    expect(gone.viaFastify).toBe(true);
  });
});
