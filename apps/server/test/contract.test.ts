import type { LightMyRequestResponse } from 'fastify';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AED, newKey } from './auction-support.js';
import { call, imageParts, productForm, VALID_PRODUCT, type TestUser } from './catalog-support.js';
import { latestLink } from './outbox.js';
import { listen, openSocket, type ClientSocket } from './realtime-support.js';
import { clientId } from './stream-support.js';
import { cookieHeader, DIALECTS, eventually, startTestApp, validRegistration, type TestApp } from './support.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Operation {
  responses: Record<string, { content?: Record<string, unknown> }>;
}

/** A JSON pointer into the document, as a URI fragment. */
const pointer = (...parts: string[]) =>
  parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/');

/**
 * Replays what people do on Souq through the HTTP API (register, verify, sell with a photo, search,
 * auction and bid, order and move the sale along, review, follow, go live and chat) and checks every
 * answer against the published OpenAPI document: its status is one the operation declares, and its
 * JSON body is valid against that status's schema (JSON Schema 2020-12, as OpenAPI 3.1 uses).
 */
describe.each(DIALECTS)('every answer of a realistic session matches /api/openapi.json (%s)', (dialect) => {
  let t: TestApp;
  let base: string;
  let doc: { paths: Record<string, Record<string, Operation>> };
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const validators = new Map<string, ValidateFunction>();
  const checked = new Set<string>();
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    base = await listen(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    doc = res.json();
    ajv.addSchema(doc, 'openapi.json');
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await t.close();
  });

  /** Checks one answer against the operation `METHOD /api/path/{param}` and returns its JSON (if any). */
  function conforms<T = unknown>(res: LightMyRequestResponse, method: Method, template: string): T {
    const operation = doc.paths[template]?.[method.toLowerCase()];
    expect(operation, `${method} ${template} is documented`).toBeDefined();
    const status = String(res.statusCode);
    const answer = operation!.responses[status];
    expect(answer, `${method} ${template} documents ${status} (${res.body.slice(0, 200)})`).toBeDefined();
    checked.add(`${method} ${template} ${status}`);
    if (!answer!.content?.['application/json']) {
      if (!answer!.content) expect(res.body).toBe('');
      return undefined as T;
    }
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const key = `${method} ${template} ${status}`;
    let validate = validators.get(key);
    if (!validate) {
      const ref = `openapi.json#/${pointer('paths', template, method.toLowerCase(), 'responses', status, 'content', 'application/json', 'schema')}`;
      validate = ajv.compile({ $ref: ref });
      validators.set(key, validate);
    }
    const body = res.json() as T;
    expect(validate(body) ? [] : validate.errors, `${key}: ${res.body.slice(0, 300)}`).toEqual([]);
    return body;
  }

  const api = async <T = unknown>(
    method: Method,
    url: string,
    template: string,
    opts: Parameters<typeof call>[3] & { headers?: Record<string, string> } = {},
  ) => {
    const res = opts.headers
      ? await t.app.inject({
          method,
          url,
          headers: { ...(opts.user ? { cookie: opts.user.cookie } : {}), ...opts.headers },
          ...(opts.json !== undefined ? { payload: opts.json as object } : {}),
        })
      : await call(t, method, url, opts);
    return { res, body: conforms<T>(res, method, template) };
  };

  /** Registers through the API, then follows the link in the verification email. */
  async function person(name: string): Promise<TestUser> {
    const input = validRegistration(`${name}${Date.now()}`);
    const { res, body } = await api<{ user: { id: string } }>('POST', '/api/auth/register', '/api/auth/register', {
      json: input,
    });
    expect(res.statusCode).toBe(201);
    const user: TestUser = { id: body.user.id, cookie: cookieHeader(res), email: input.email } as TestUser;
    const link = await eventually(() => latestLink(t.config.dataDir, input.email, '/verify-email?token='));
    const verified = await api<{ user: { emailVerified: boolean } }>(
      'POST',
      '/api/auth/verify-email',
      '/api/auth/verify-email',
      {
        json: { token: new URL(link).searchParams.get('token') },
      },
    );
    expect(verified.body.user.emailVerified).toBe(true);
    const me = await api<{ user: { id: string } }>('GET', '/api/auth/me', '/api/auth/me', { user });
    expect(me.body.user.id).toBe(user.id);
    return user;
  }

  it('replays a day on Souq', async () => {
    await api('GET', '/api/health', '/api/health');
    await api('GET', '/api/ready', '/api/ready');
    await api('GET', '/api/time', '/api/time');
    await api('GET', '/api/auth/providers', '/api/auth/providers');
    await api('GET', '/api/auth/me', '/api/auth/me');

    const seller = await person('seller');
    const buyer = await person('buyer');
    await api('PUT', '/api/me/profile', '/api/me/profile', {
      user: seller,
      json: { username: `seller${Date.now() % 1e6}`, bio: 'Watches, mostly.', contactEmail: '' },
    });

    // Sell with a photo, then find it.
    const photo = await imageParts(1);
    const sold = await api<{ id: string }>('POST', '/api/products', '/api/products', {
      user: seller,
      form: productForm(VALID_PRODUCT, photo),
    });
    expect(sold.res.statusCode).toBe(201);
    const productId = sold.body.id;
    await api('GET', `/api/products/${productId}`, '/api/products/{id}');
    await api('GET', `/api/products/${productId}`, '/api/products/{id}', { user: buyer });
    const shop = await api<{ items: Array<{ id: string }> }>(
      'GET',
      '/api/products?sort=price-desc&category=Watches',
      '/api/products',
    );
    expect(shop.body.items.map((p) => p.id)).toContain(productId);
    const found = await api<{ items: Array<{ id: string }> }>(
      'GET',
      '/api/search?q=seiko&sort=price&order=desc',
      '/api/search',
    );
    expect(found.body.items.map((p) => p.id)).toContain(productId);
    await api('PUT', `/api/products/${productId}`, '/api/products/{id}', {
      user: seller,
      json: { ...VALID_PRODUCT, price: 120000, previousPrice: 150000, weight: 0.15, keywords: ['diver'] },
    });
    await api('PUT', `/api/products/${productId}/like`, '/api/products/{id}/like', { user: buyer });
    await api('GET', '/api/me/likes', '/api/me/likes', { user: buyer });
    await api('DELETE', `/api/products/${productId}/like`, '/api/products/{id}/like', { user: buyer });
    await api('GET', `/api/users/${seller.id}`, '/api/users/{id}', { user: buyer });
    await api('GET', `/api/users/${seller.id}/products`, '/api/users/{id}/products');
    await api('PUT', `/api/users/${seller.id}/follow`, '/api/users/{id}/follow', { user: buyer });
    await api('GET', '/api/feed', '/api/feed', { user: buyer });
    await api('POST', '/api/feed/events', '/api/feed/events', {
      user: buyer,
      json: { opened: [{ kind: 'product', id: productId }] },
    });

    // Auction a second product and bid on it.
    const second = await api<{ id: string }>('POST', '/api/products', '/api/products', {
      user: seller,
      form: productForm({ ...VALID_PRODUCT, title: 'Omega Seamaster' }, photo),
    });
    const started = await api<{ id: string }>(
      'POST',
      `/api/products/${second.body.id}/auction`,
      '/api/products/{id}/auction',
      {
        user: seller,
        json: { startingBid: AED(100), duration: '1d', reservePrice: AED(150), closingStyle: 'soft' },
      },
    );
    expect(started.res.statusCode).toBe(201);
    const auctionId = started.body.id;
    await api('GET', '/api/auctions', '/api/auctions');
    await api('GET', `/api/auctions/${auctionId}`, '/api/auctions/{id}', { user: buyer });
    const refused = await api('POST', `/api/auctions/${auctionId}/bids`, '/api/auctions/{id}/bids', {
      user: buyer,
      json: { amount: 'lots' },
    });
    expect(refused.res.statusCode).toBe(400);
    await api('POST', `/api/auctions/${auctionId}/bids`, '/api/auctions/{id}/bids', { json: { amount: AED(100) } });
    const placed = await api<{ leading: boolean }>(
      'POST',
      `/api/auctions/${auctionId}/bids`,
      '/api/auctions/{id}/bids',
      {
        user: buyer,
        json: { amount: AED(100), maxAmount: AED(200) },
        headers: { 'idempotency-key': newKey() },
      },
    );
    expect(placed.res.statusCode).toBe(201);
    expect(placed.body.leading).toBe(true);
    await api('GET', `/api/auctions/${auctionId}/bids`, '/api/auctions/{id}/bids');
    await api('GET', `/api/users/${seller.id}/auctions`, '/api/users/{id}/auctions');
    await api('GET', `/api/auctions/${auctionId}`, '/api/auctions/{id}', { user: seller });
    await api('GET', '/api/notifications', '/api/notifications', { user: seller });
    await api('POST', '/api/notifications/read', '/api/notifications/read', { user: seller });
    await api('GET', '/api/feed', '/api/feed');

    // Buy the first product, and the seller moves the sale along.
    const lines = [{ productId, quantity: 1 }];
    await api('POST', '/api/orders/quote', '/api/orders/quote', { user: buyer, json: { lines } });
    const address = { emirate: 'Dubai', area: 'Al Barsha', street: 'Street 12, Villa 4', phone: '0501234567' };
    const ordered = await api<{ id: string }>('POST', '/api/orders', '/api/orders', {
      user: buyer,
      headers: { 'idempotency-key': newKey() },
      json: { lines, address },
    });
    expect(ordered.res.statusCode).toBe(201);
    await api('GET', '/api/orders', '/api/orders', { user: buyer });
    const sales = await api<Array<{ id: string; orderId: string }>>('GET', '/api/sales', '/api/sales', {
      user: seller,
    });
    const sale = sales.body.find((s) => s.orderId === ordered.body.id)!;
    await api('POST', `/api/sales/${sale.id}/status`, '/api/sales/{id}/status', {
      user: seller,
      json: { status: 'confirmed', from: 'placed' },
    });
    await api('POST', `/api/products/${productId}/reviews`, '/api/products/{id}/reviews', {
      user: buyer,
      json: { text: 'Keeps perfect time.', rating: 5 },
    });
    await api('GET', `/api/products/${productId}/reviews`, '/api/products/{id}/reviews');
    await api('GET', `/api/products/${productId}/invoice`, '/api/products/{id}/invoice', { user: seller });

    // Go live with a third product; a viewer chats.
    const third = await api<{ id: string }>('POST', '/api/products', '/api/products', {
      user: seller,
      form: productForm({ ...VALID_PRODUCT, title: 'Casio G-Shock' }, photo),
    });
    const live = await api<{ id: string }>('POST', '/api/streams', '/api/streams', {
      user: seller,
      form: productForm(
        { title: 'Friday watch auction', durationMinutes: '5', productId: third.body.id, startingBid: String(AED(50)) },
        [],
      ),
    });
    expect(live.res.statusCode).toBe(201);
    const streamId = live.body.id;
    await api('GET', '/api/streams', '/api/streams');
    await api('GET', `/api/streams/${streamId}/video`, '/api/streams/{id}/video', { user: buyer });
    const { socket } = await openSocket(base, { cookie: buyer.cookie });
    sockets.push(socket);
    await new Promise((resolve) => socket.emit('stream:join', { streamId }, resolve));
    await new Promise((resolve) =>
      socket.emit('stream:chat', { streamId, text: 'Is the bezel original?', clientId: clientId() }, resolve),
    );
    const watched = await api<{ recentMessages: Array<{ text: string; id: string }> }>(
      'GET',
      `/api/streams/${streamId}`,
      '/api/streams/{id}',
      { user: buyer },
    );
    const line = watched.body.recentMessages.find((m) => m.text === 'Is the bezel original?')!;
    expect(line).toBeDefined();
    await api('DELETE', `/api/streams/${streamId}/messages/${line.id}`, '/api/streams/{id}/messages/{messageId}', {
      user: seller,
    });
    await api('POST', `/api/streams/${streamId}/end`, '/api/streams/{id}/end', { user: seller });
    await api('GET', `/api/streams/${streamId}`, '/api/streams/{id}');

    // Errors are documented too.
    await api('GET', '/api/products/00000000-0000-4000-8000-000000000000', '/api/products/{id}');
    await api('POST', '/api/orders/quote', '/api/orders/quote', { json: { lines } });
    await api('POST', '/api/auth/login', '/api/auth/login', { json: { email: 'nobody' } });
    await api('POST', '/api/auth/logout', '/api/auth/logout', { user: buyer });

    // The checks bite: an answer missing a field, or with one the document does not declare, is refused.
    const bidAnswer = validators.get('POST /api/auctions/{id}/bids 201')!;
    expect(bidAnswer({ leading: true, myMaxBid: null, message: '' })).toBe(false);
    expect(bidAnswer({ ...placed.body, secret: 'x' })).toBe(false);
    expect(bidAnswer(placed.body)).toBe(true);

    // Most of the API was exercised.
    expect(new Set([...checked].map((c) => c.split(' ').slice(0, 2).join(' '))).size).toBeGreaterThanOrEqual(45);
  });
});
