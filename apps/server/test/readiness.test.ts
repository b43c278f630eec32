import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { uploadsDir } from '../src/adapters/storage/index.js';
import { freePort } from './server-process.js';
import { DIALECTS, apiError, startTestApp, type TestApp, stopDatabase } from './support.js';

const redisUrl = inject('redisUrl');
const ready = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/ready' });

describe.each(DIALECTS)('/api/ready (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect);
  });
  afterAll(() => t.close());

  it('answers 200 while the database and the uploads folder are there', async () => {
    const res = await ready(t);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('answers 503 once the database stops answering, while /api/health says the same', async () => {
    const other = await startTestApp(dialect);
    try {
      await stopDatabase(other);
      const res = await ready(other);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(apiError('SERVICE_UNAVAILABLE', 'Not ready: database out of reach.'));
    } finally {
      await other.close();
    }
  });

  it('answers 503 while the uploads folder cannot be made or written, and 200 again once it can', async () => {
    const other = await startTestApp(dialect);
    try {
      const root = uploadsDir(other.config);
      // A file where the folder should be (a lost mount): the store cannot make the folder again.
      fs.rmSync(root, { recursive: true });
      fs.writeFileSync(root, 'not a folder');
      const res = await ready(other);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(apiError('SERVICE_UNAVAILABLE', 'Not ready: storage out of reach.'));
      // Liveness does not depend on it: the process is fine, it just should not get new people.
      expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      fs.rmSync(root);
      expect((await ready(other)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('answers 503 while Redis is configured but out of reach', async () => {
    const closedPort = await freePort();
    const other = await startTestApp(dialect, { redisUrl: `redis://127.0.0.1:${closedPort}` });
    try {
      const res = await ready(other);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(apiError('SERVICE_UNAVAILABLE', 'Not ready: redis out of reach.'));
      expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it.runIf(redisUrl)('answers 200 with a reachable Redis', async () => {
    const other = await startTestApp(dialect, { redisUrl: redisUrl! });
    try {
      // The connection is made in the background; readiness says so until it is up.
      await expect.poll(async () => (await ready(other)).statusCode, { timeout: 5000 }).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('answers 503 once withdrawn, while other requests are still served', async () => {
    const other = await startTestApp(dialect);
    try {
      other.withdraw();
      const res = await ready(other);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual(apiError('SERVICE_UNAVAILABLE', 'The server is shutting down.'));
      expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('answers 503 while draining', async () => {
    const other = await startTestApp(dialect);
    try {
      await other.drain(1000);
      const res = await ready(other);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await other.close();
    }
  });
});
