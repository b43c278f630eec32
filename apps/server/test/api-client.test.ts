import fs from 'node:fs';
import createClient from 'openapi-fetch';
import prettier from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { paths } from '../../../clients/typescript/souq-api.js';
import { CLIENT_TYPES, clientTypes } from '../src/api-client-cli.js';
import { createProduct, createUser } from './catalog-support.js';
import { latestLink } from './outbox.js';
import { listen } from './realtime-support.js';
import { eventually, startTestApp, validRegistration, type TestApp } from './support.js';

/**
 * The client another team would generate from /api/openapi.json (openapi-typescript's types,
 * openapi-fetch's calls): it is the committed one, it type-checks (this file is compiled with the
 * server's), and a whole session runs through it against a real server.
 */
describe('the generated TypeScript client', { timeout: 60_000 }, () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
    base = await listen(t);
  });
  afterAll(() => t?.close());

  it('is what openapi-typescript makes of the published document today (run `npm run api:client` if not)', async () => {
    const options = (await prettier.resolveConfig(CLIENT_TYPES)) ?? {};
    const fresh = await prettier.format(await clientTypes(), { ...options, filepath: CLIENT_TYPES });
    expect(fs.readFileSync(CLIENT_TYPES, 'utf8') === fresh, 'clients/typescript/souq-api.d.ts is up to date').toBe(
      true,
    );
  });

  it('runs a session: sign up, verify, read the shop, like a product, a typed refusal, sign out', async () => {
    const souq = createClient<paths>({ baseUrl: base });
    // Outside a browser the session cookie is the client's to keep and send back.
    let cookie = '';
    souq.use({
      onRequest: ({ request }) => {
        if (cookie) request.headers.set('cookie', cookie);
        return request;
      },
      onResponse: ({ response }) => {
        for (const set of response.headers.getSetCookie())
          if (set.startsWith('souq_sid=')) cookie = set.split(';')[0]!.endsWith('=') ? '' : set.split(';')[0]!;
        return response;
      },
    });

    const input = validRegistration();
    const registered = await souq.POST('/api/auth/register', { body: input });
    expect(registered.response.status).toBe(201);
    expect(registered.data?.user.username).toBe(input.username);
    expect(cookie).toMatch(/^souq_sid=/);

    const link = await eventually(() => latestLink(t.config.dataDir, input.email, '/verify-email?token='));
    const verified = await souq.POST('/api/auth/verify-email', {
      body: { token: new URL(link).searchParams.get('token')! },
    });
    expect(verified.data?.user.emailVerified).toBe(true);

    const product = await createProduct(t, await createUser(t));
    const shop = await souq.GET('/api/products', { params: { query: { sort: 'price-asc' } } });
    expect(shop.data?.items.map((p) => p.id)).toContain(product);
    const detail = await souq.GET('/api/products/{id}', { params: { path: { id: product } } });
    expect(detail.data?.price).toEqual(expect.any(Number));
    const liked = await souq.PUT('/api/products/{id}/like', { params: { path: { id: product } } });
    expect(liked.data).toEqual({ liked: true, likeCount: 1 });

    const refused = await souq.POST('/api/auth/login', { body: { email: input.email, password: 'not-the-password' } });
    expect(refused.response.status).toBe(401);
    expect(refused.error?.error.code).toBe('INVALID_CREDENTIALS');

    await souq.POST('/api/auth/logout');
    expect(cookie).toBe('');
    expect((await souq.GET('/api/auth/me')).data?.user).toBeNull();
  });
});
