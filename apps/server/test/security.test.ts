import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  apiError,
  cookieHeader,
  countRows,
  post,
  startTestApp,
  validRegistration,
  type TestApp,
} from './support.js';

const CROSS_SITE = apiError('CROSS_SITE', 'This request came from another site and was refused.');

describe.each(DIALECTS)('HTTP security (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  describe('headers', () => {
    it('sends a script or stylesheet of the build only the headers that mean something on one', async () => {
      // No web build here: the 404 of a missing asset goes through the same hook.
      const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const documentOnly of [
        'content-security-policy',
        'x-frame-options',
        'cross-origin-opener-policy',
        'referrer-policy',
      ])
        expect(res.headers[documentOnly], documentOnly).toBeUndefined();
    });

    it('sends a strict CSP and the usual hardening headers', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      const csp = String(res.headers['content-security-policy']).split(';');
      expect(csp).toEqual(
        expect.arrayContaining([
          "default-src 'self'",
          "script-src 'self'",
          "object-src 'none'",
          "frame-ancestors 'none'",
          "base-uri 'self'",
          "form-action 'self'",
        ]),
      );
      // Inline code never runs; only style attributes are allowed, for server-rendered pages (ADR 0025).
      expect(csp.filter((directive) => directive.includes('unsafe-inline'))).toEqual([
        "style-src-attr 'unsafe-inline'",
      ]);
      expect(csp).toContain("style-src 'self'");
      expect(csp.join(';')).not.toContain('upgrade-insecure-requests');
      expect(res.headers).toMatchObject({
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'SAMEORIGIN',
        'referrer-policy': 'no-referrer',
        'cross-origin-opener-policy': 'same-origin-allow-popups',
      });
      expect(res.headers['x-powered-by']).toBeUndefined();
      // HSTS over plain http would lock a developer's localhost out of http.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it('sends exactly the hardening headers helmet sent when it ran per request', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      // The request's own id is no hardening header (test/request-id.test.ts).
      const {
        date: _date,
        'content-length': _length,
        'content-type': _type,
        connection: _connection,
        'x-request-id': _id,
        ...security
      } = res.headers;
      expect(security).toEqual({
        // Not helmet's: every API answer is no-store (http/no-store.ts).
        'cache-control': 'no-store',
        'content-security-policy':
          "default-src 'self';script-src 'self';style-src 'self';style-src-attr 'unsafe-inline';img-src 'self' data: blob:;media-src 'self' blob:;connect-src 'self';font-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'",
        'cross-origin-opener-policy': 'same-origin-allow-popups',
        'cross-origin-resource-policy': 'same-origin',
        'origin-agent-cluster': '?1',
        'referrer-policy': 'no-referrer',
        'x-content-type-options': 'nosniff',
        'x-dns-prefetch-control': 'off',
        'x-download-options': 'noopen',
        'x-frame-options': 'SAMEORIGIN',
        'x-permitted-cross-domain-policies': 'none',
        'x-xss-protection': '0',
      });
    });

    it('sends the same headers on errors', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });
  });

  describe('origin check', () => {
    const register = (headers: Record<string, string>) =>
      post(t, '/api/auth/register', validRegistration(), undefined, headers);

    it.each(['https://evil.example', 'http://localhost:3000.evil.example', 'https://localhost:3000', 'null'])(
      'refuses a write from Origin %s and writes nothing',
      async (origin) => {
        const before = await countRows(t, 'users');
        const res = await register({ origin });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(CROSS_SITE);
        expect(await countRows(t, 'users')).toBe(before);
      },
    );

    it.each(['cross-site', 'same-site'])(
      'refuses a write marked sec-fetch-site: %s without an Origin',
      async (site) => {
        const before = await countRows(t, 'users');
        const res = await register({ 'sec-fetch-site': site });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(CROSS_SITE);
        expect(await countRows(t, 'users')).toBe(before);
      },
    );

    it('accepts a write from the public origin', async () => {
      const res = await register({ origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' });
      expect(res.statusCode).toBe(201);
    });

    it('accepts a write whose Origin matches the Host it was sent to', async () => {
      const res = await register({ origin: 'http://192.168.1.20:3000', host: '192.168.1.20:3000' });
      expect(res.statusCode).toBe(201);
    });

    it('refuses a write whose Origin has the right host but another scheme (issue 7)', async () => {
      const before = await countRows(t, 'users');
      for (const origin of ['https://192.168.1.20:3000', 'ws://192.168.1.20:3000']) {
        const res = await register({ origin, host: '192.168.1.20:3000' });
        expect(res.statusCode, origin).toBe(403);
        expect(res.json()).toEqual(CROSS_SITE);
      }
      expect(await countRows(t, 'users')).toBe(before);
    });

    it('accepts a write from a client that is not a browser (no Origin, no sec-fetch-site)', async () => {
      expect((await register({})).statusCode).toBe(201);
    });

    it('lets reads from anywhere through', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('caching', () => {
    it('marks every API answer no-store: nobody may keep a session, an order or a stale list (issue 7)', async () => {
      const signup = await post(t, '/api/auth/register', validRegistration());
      const cookie = cookieHeader(signup);
      for (const [url, headers] of [
        ['/api/auth/me', {}],
        ['/api/auth/me', { cookie }],
        ['/api/orders', { cookie }],
        ['/api/products', {}],
        ['/api/nope', {}],
      ] as const) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect(res.headers['cache-control'], url).toBe('no-store');
      }
      expect(signup.headers['cache-control']).toBe('no-store');
    });
  });

  describe('malformed requests', () => {
    const raw = (payload: string, contentType = 'application/json') =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { 'content-type': contentType } });

    it.each([
      ['truncated JSON', '{"email":'],
      ['an empty JSON body', ''],
      ['a prototype-pollution key', '{"__proto__":{"admin":true},"email":"a@b.co","password":"secret-pass"}'],
    ])('answers %s with a JSON 400', async (_case, payload) => {
      const res = await raw(payload);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: expect.any(String) } });
    });

    it.each(['[]', '"amira"', 'null', '42'])('answers the JSON value %s with a validation error', async (payload) => {
      const res = await raw(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    });

    it('answers fields of the wrong type with a validation error', async () => {
      const res = await post(t, '/api/auth/register', { ...validRegistration(), email: ['a@b.co'], phone: 501234567 });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { email: 'Please fill in all fields.', phone: 'Please fill in all fields.' },
      });
    });

    it('answers an unknown content type with a 415', async () => {
      const res = await raw('<login/>', 'application/xml');
      expect(res.statusCode).toBe(415);
      expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('answers a body over 1 MiB with a 413', async () => {
      const res = await raw(JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024) }));
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    });
  });
});

describe.each(DIALECTS)('auth rate limit (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { authRateLimit: 3 });
  });
  afterAll(() => t.close());

  it('refuses the fourth sign-in attempt within a minute', async () => {
    const attempt = () => post(t, '/api/auth/login', { email: 'nobody@example.com', password: 'wrong-pass' });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const res = await attempt();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual(apiError('RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.'));
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('does not limit ordinary reads', async () => {
    for (let i = 0; i < 5; i++)
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });
});

describe('https deployment headers', () => {
  it('adds HSTS and upgrade-insecure-requests when PUBLIC_URL is https', async () => {
    const t = await startTestApp('sqlite', { publicUrl: 'https://souq.example' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toBe('max-age=15552000; includeSubDomains');
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await t.close();
    }
  });
});
