import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, registerUser, startTestApp, validRegistration, type TestApp, stopDatabase } from './support.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe.each(DIALECTS)('request ids (%s)', (dialect) => {
  let t: TestApp;
  const lines: string[] = [];
  const logged = (reqId: string) =>
    lines.map((line) => JSON.parse(line) as { reqId?: string; msg: string }).filter((l) => l.reqId === reqId);

  beforeAll(async () => {
    t = await startTestApp(dialect, { logLevel: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => t.close());

  it('takes a well-formed X-Request-Id, answers with it, and puts it on every log line of the request', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'c0a80001:d431_7f000001:0bb8_6579a3c1_0007:1a2b' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('c0a80001:d431_7f000001:0bb8_6579a3c1_0007:1a2b');
    expect(logged('c0a80001:d431_7f000001:0bb8_6579a3c1_0007:1a2b').map((l) => l.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
  });

  it('carries the id on a failing request’s error lines too', async () => {
    const other = await startTestApp(
      dialect,
      { logLevel: 'info' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    await stopDatabase(other);
    const res = await other.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'failing-1' } });
    expect(res.statusCode).toBe(503);
    expect(logged('failing-1').map((l) => l.msg)).toEqual([
      'incoming request',
      'health check: database unreachable',
      'request completed',
    ]);
    await other.close();
  });

  it('carries the id on what a service logs while answering: a verification mail that fails after sign-up', async () => {
    const failing = {
      kind: 'smtp' as const,
      send: () => Promise.reject(new Error('smtp down')),
      close: async () => undefined,
    };
    const other = await startTestApp(
      dialect,
      { logLevel: 'info' },
      { mailer: failing, logStream: { write: (line) => void lines.push(line) } },
    );
    const res = await other.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'x-request-id': 'signup-1' },
      payload: validRegistration(),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ verificationSent: false });
    expect(logged('signup-1').map((l) => l.msg)).toEqual([
      'incoming request',
      'verification mail failed after sign-up',
      'request completed',
    ]);
    await other.close();
  });

  it('makes a fresh id, unique across instances, when none is given or the given one is unsafe', async () => {
    const hostile = ['', 'x'.repeat(129), 'two words', 'quote"d', 'new\tline', 'ünïcode', '<script>'];
    const ids = new Set<string>();
    for (const given of [undefined, ...hostile]) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: given === undefined ? {} : { 'x-request-id': given },
      });
      const id = res.headers['x-request-id'] as string;
      expect(id).toMatch(UUID);
      expect(logged(id)).toHaveLength(2);
      ids.add(id);
    }
    expect(ids.size).toBe(hostile.length + 1);
    expect(lines.join('')).not.toContain('<script>');
  });

  it('answers with the id on a refused write and while draining', async () => {
    const { cookie } = await registerUser(t);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auctions/1/bids',
      headers: { cookie, 'x-request-id': 'refused-1' },
      payload: {},
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.headers['x-request-id']).toBe('refused-1');

    const other = await startTestApp(dialect);
    await other.drain(100);
    const draining = await other.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { 'x-request-id': 'draining-1' },
    });
    expect(draining.statusCode).toBe(503);
    expect(draining.headers['x-request-id']).toBe('draining-1');
    await other.close();
  });
});
