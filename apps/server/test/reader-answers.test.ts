import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createUser, insertProducts, type TestUser } from './catalog-support.js';
import { startEarlyPathApp, withoutDate } from './early-path-support.js';
import { createFakeClock } from '../src/lib/clock.js';
import type { TestApp } from './support.js';

/**
 * A signed-in reader's first page of For You, asked for again, is sent again while nothing was
 * written, within the second, from their own fresh order (issue 43): before Fastify, byte for byte
 * what Fastify sends them, and never to anyone else.
 */
describe('answers kept for their reader (sqlite)', () => {
  const clock = createFakeClock('2026-11-29T10:00:00.000Z');
  let t: TestApp;
  let readCounting: Awaited<ReturnType<typeof startEarlyPathApp>>['readCounting'];
  let omar: TestUser, huda: TestUser;
  let productId: string;

  beforeAll(async () => {
    ({ t, readCounting } = await startEarlyPathApp({ clock }));
    // Several sellers: an order spreads its items among them, and needs more than a page.
    const sellers = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));
    [omar, huda] = await Promise.all([createUser(t), createUser(t)]);
    const ids: string[] = [];
    for (const [s, seller] of sellers.entries())
      ids.push(
        ...(await insertProducts(
          t,
          seller.id,
          Array.from({ length: 6 }, (_, i) => ({ title: `Lantern ${s}-${i}`, popularity: 10 + s * 6 + i })),
        )),
      );
    // The most popular: on everyone's first page.
    productId = ids.at(-1)!;
  });
  afterAll(() => t.close());

  /** Their own order built, and their first page through Fastify twice: kept, then sent as kept. */
  async function keep(who: TestUser, headers: Record<string, string> = {}) {
    await readCounting('/api/feed', { ...headers, cookie: who.cookie });
    await t.services.feed.ordersBuilt();
    for (let i = 0; i < 2; i++) await readCounting('/api/feed', { ...headers, cookie: who.cookie });
  }

  it('sends a reader their first page early, as Fastify sends it, in each encoding', async () => {
    for (const encoding of [{}, { 'accept-encoding': 'gzip, br' }] as Array<Record<string, string>>) {
      await keep(omar, encoding);
      const headers = { ...encoding, cookie: omar.cookie };
      const early = await readCounting('/api/feed', headers);
      expect(early.viaFastify).toBe(false);
      const fastify = await t.app.inject({ method: 'GET', url: '/api/feed', headers });
      expect(early.status).toBe(200);
      expect(early.body.equals(fastify.rawPayload)).toBe(true);
      expect(withoutDate(early.headers)).toEqual({
        ...withoutDate(fastify.headers),
        connection: 'close',
        'transfer-encoding': undefined,
      });
      expect(early.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('never sends one reader’s page to another, nor to a visitor', async () => {
    await keep(omar);
    expect((await readCounting('/api/feed', { cookie: omar.cookie })).viaFastify).toBe(false);
    const hers = await readCounting('/api/feed', { cookie: huda.cookie });
    expect(hers.viaFastify).toBe(true);
    const visitor = await readCounting('/api/feed');
    expect(visitor.viaFastify).toBe(true);
    expect(visitor.headers['cache-control']).toBe('private, no-store');
    expect((await readCounting('/api/feed', { cookie: 'souq_sid=nobody' })).viaFastify).toBe(true);
  });

  it('goes through Fastify after a write, in the next second, and for the pages a cursor names', async () => {
    await keep(omar);
    const kept = await readCounting('/api/feed', { cookie: omar.cookie });
    expect(kept.viaFastify).toBe(false);
    const liked = await call(t, 'PUT', `/api/products/${productId}/like`, { user: omar });
    expect(liked.statusCode).toBe(200);
    const afterWrite = await readCounting('/api/feed', { cookie: omar.cookie });
    expect(afterWrite.viaFastify).toBe(true);
    expect(afterWrite.body.equals(kept.body)).toBe(false);

    await keep(omar);
    expect((await readCounting('/api/feed', { cookie: omar.cookie })).viaFastify).toBe(false);
    clock.advance(1000);
    expect((await readCounting('/api/feed', { cookie: omar.cookie })).viaFastify).toBe(true);

    const first = JSON.parse((await readCounting('/api/feed', { cookie: omar.cookie })).body.toString()) as {
      nextCursor: string | null;
    };
    expect(first.nextCursor).not.toBeNull();
    const next = `/api/feed?cursor=${encodeURIComponent(first.nextCursor!)}`;
    for (let i = 0; i < 3; i++) expect((await readCounting(next, { cookie: omar.cookie })).viaFastify).toBe(true);
  });

  it('does not keep a page while the reader’s order is due for its refresh, which that page starts', async () => {
    await keep(omar);
    expect((await readCounting('/api/feed', { cookie: omar.cookie })).viaFastify).toBe(false);
    clock.advance(60_000);
    for (let i = 0; i < 3; i++)
      expect((await readCounting('/api/feed', { cookie: omar.cookie })).viaFastify, `read ${i}`).toBe(true);
    await t.services.feed.ordersBuilt();
    await keep(omar);
    expect((await readCounting('/api/feed', { cookie: omar.cookie })).viaFastify).toBe(false);
  });
});
