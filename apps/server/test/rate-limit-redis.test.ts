import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { DIALECTS, apiError, startTestApp, type TestApp } from './support.js';

const redisUrl = inject('redisUrl');

/**
 * Issue 7, item 10: behind a load balancer the sign-in limit is the site's, not each instance's.
 * Without Redis the global setup has said loudly that this is skipped (and failed the run under CI).
 */
describe.runIf(redisUrl).each(DIALECTS)('rate limits shared through Redis (%s)', (dialect) => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    [a, b] = await Promise.all([
      startTestApp(dialect, { authRateLimit: 3, redisUrl: redisUrl! }),
      startTestApp(dialect, { authRateLimit: 3, redisUrl: redisUrl! }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  // An address of its own, so runs within the same minute (or in parallel) do not share a count.
  const randomAddress = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

  it('counts sign-in attempts from one address across two instances', async () => {
    const remoteAddress = randomAddress();
    const attempt = (t: TestApp) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress,
        payload: { email: 'nobody@example.com', password: 'wrong-pass' },
      });
    expect((await attempt(a)).statusCode).toBe(401);
    expect((await attempt(b)).statusCode).toBe(401);
    expect((await attempt(a)).statusCode).toBe(401);
    for (const t of [b, a]) {
      const res = await attempt(t);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual(apiError('RATE_LIMITED', 'Too many attempts. Please wait a minute and try again.'));
    }
    // Another address still has its own allowance.
    const other = await a.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: randomAddress(),
      payload: { email: 'nobody@example.com', password: 'wrong-pass' },
    });
    expect(other.statusCode).not.toBe(429);
  });
});
