import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { buildWebIfStale } from '../../../scripts/build-web.mjs';
import {
  demoCookie,
  freePort,
  PROCESS_TEST_MS,
  signIn,
  startServerProcess,
  stopServerProcess,
  waitForHealth,
  type ServerProcess,
} from './server-process.js';
import { REPO_ROOT, eventually, exited } from './support.js';

const startServer = (dataDir: string, env: Record<string, string> = {}) => startServerProcess(dataDir, env);
const stopServer = (server: ServerProcess) => stopServerProcess(server, 10_000);

describe('the server process', { timeout: PROCESS_TEST_MS }, () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-process-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('starts on an empty DATA_DIR, seeds the demo accounts, and exits 0 on SIGTERM', async () => {
    const server = await startServer(dataDir);
    const health = await (await fetch(`${server.base}/api/health`)).json();
    expect(health).toEqual({ ok: true, db: 'sqlite' });

    const res = await signIn(server.base, 'amira@souq.test', 'souq-demo');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { email: 'amira@souq.test', emailVerified: true } });
    expect(res.headers.get('set-cookie')).toMatch(/^souq_sid=/);

    const shop = (await (await fetch(`${server.base}/api/products?limit=60`)).json()) as { items: unknown[] };
    expect(shop.items).toHaveLength(12);
    // /auction is not empty on first start: open auctions, some already bid on by other demo users.
    const auctions = (await (await fetch(`${server.base}/api/auctions?limit=60`)).json()) as {
      items: Array<{ status: string; bidCount: number }>;
    };
    expect(auctions.items).toHaveLength(6);
    expect(auctions.items.every((a) => a.status === 'open')).toBe(true);
    expect(auctions.items.filter((a) => a.bidCount > 0)).toHaveLength(3);

    const run = await stopServer(server);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'seeded demo accounts (amira@souq.test, omar@souq.test, layla@souq.test, khalid@souq.test), 12 products, 6 open auctions and 2 live shows',
    );
    expect(run.stdout).toContain('SIGTERM: finishing in-flight requests, then closing');
  });

  it('starts again on the same DATA_DIR without seeding twice', async () => {
    const server = await startServer(dataDir);
    expect((await signIn(server.base, 'layla@souq.test', 'souq-demo')).status).toBe(200);
    expect((await signIn(server.base, 'amira@souq.test', 'wrong-pass')).status).toBe(401);
    const run = await stopServer(server);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain('seeded demo accounts');

    const db = new SQLite(path.join(dataDir, 'souq.db'), { readonly: true });
    try {
      expect(db.prepare('select count(*) as n from users').get()).toEqual({ n: 4 });
      // 12 in the shop, 6 on timed auctions, 6 on the demo shows' run sheets.
      expect(db.prepare('select count(*) as n from products').get()).toEqual({ n: 24 });
      expect(db.prepare("select count(*) as n from auctions where status = 'open'").get()).toEqual({ n: 6 });
    } finally {
      db.close();
    }
  });

  it('answers the requests already in flight when SIGTERM arrives, then refuses new ones', async () => {
    const server = await startServer(dataDir);
    // The signal goes once the server has logged all four requests as arrived; each then still has
    // ~50 ms of argon2 ahead of it, so they are mid-flight when it lands.
    let arrived = 0;
    const allArrived = new Promise<void>((resolve) =>
      server.child.stdout!.on('data', (chunk: Buffer) => {
        arrived += chunk.toString().split('"url":"/api/auth/login"').length - 1;
        if (arrived >= 4) resolve();
      }),
    );
    const inFlight = Array.from({ length: 4 }, () => signIn(server.base, 'amira@souq.test', 'souq-demo'));
    await allArrived;
    const run = stopServer(server);
    const answers = await Promise.all(inFlight);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await run).code).toBe(0);
    await expect(fetch(`${server.base}/api/health`)).rejects.toThrow();
  });

  it('with SHUTDOWN_NOTICE_MS, answers /api/ready 503 at once after SIGTERM while still serving everything else, then drains', async () => {
    const server = await startServer(dataDir, { SHUTDOWN_NOTICE_MS: '1500' });
    expect((await fetch(`${server.base}/api/ready`)).status).toBe(200);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await eventually(() => expect(server.output()).toContain('SIGTERM: /api/ready answers 503 now'));
    const ready = await fetch(`${server.base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'The server is shutting down.' },
    });
    // The balancer has not noticed yet: whoever it still sends here is served.
    expect((await signIn(server.base, 'amira@souq.test', 'souq-demo')).status).toBe(200);
    const run = await server.done;
    expect(run.code, run.stderr).toBe(0);
    expect(Date.now() - signalled).toBeGreaterThanOrEqual(1400);
    expect(run.stdout.indexOf('SIGTERM: /api/ready answers 503 now')).toBeLessThan(
      run.stdout.indexOf('SIGTERM: finishing in-flight requests, then closing'),
    );
  });

  it('answers every request sent after SIGTERM with 503 and Retry-After, and a long upload with 503 at the end of the grace period', async () => {
    const server = await startServer(dataDir, { SHUTDOWN_GRACE_MS: '1500' });
    const cookie = await demoCookie(server.base, 'amira@souq.test');
    const upload = unfinishedUpload(server.base, cookie);
    await eventually(() => expect(fs.readdirSync(path.join(dataDir, 'tmp', 'uploads'))).toHaveLength(1));

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await eventually(() => expect(server.output()).toContain('SIGTERM: finishing in-flight requests, then closing'));
    // New connections, and a request that would change something: none of them is refused or reset.
    const late = await Promise.all([
      ...Array.from({ length: 10 }, () => fetch(`${server.base}/api/health`)),
      signIn(server.base, 'amira@souq.test', 'souq-demo'),
    ]);
    for (const res of late) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({
        error: { code: 'SERVICE_UNAVAILABLE', message: 'The server is restarting. Please try again in a moment.' },
      });
    }

    const answer = await upload.answer;
    expect(answer).toMatchObject({ status: 503, retryAfter: '5' });
    const run = await server.done;
    expect(run.code, run.stderr).toBe(0);
    const took = Date.now() - signalled;
    expect(took).toBeGreaterThanOrEqual(1400);
    expect(took).toBeLessThan(8000);
  });
});

/**
 * Issue 7, item 11: npm runs a script under `sh -c`, and a shell that is waiting for its command
 * dies of SIGTERM without passing it on. A container runtime or a process manager signals the
 * process it started, `npm start` itself; the server must get that signal and exit 0.
 */
describe('npm start', { timeout: PROCESS_TEST_MS }, () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-npm-start-'));
    // The build npm start would make (it is the e2e suite's too, which then finds it fresh).
    buildWebIfStale();
  }, PROCESS_TEST_MS);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('passes SIGTERM to the server, which shuts down gracefully, and exits 0 itself', async () => {
    const port = await freePort();
    const npm = spawn('npm', ['start', '--silent'], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        SEED_DEMO: 'false',
        DATABASE_URL: '',
        REDIS_URL: '',
        SMTP_URL: '',
        PUBLIC_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const done = exited(npm);
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitForHealth(npm, done, base);
      npm.kill('SIGTERM');
      const run = await Promise.race([
        done,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('npm start did not exit within 15 s of SIGTERM')), 15_000),
        ),
      ]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain('SIGTERM: finishing in-flight requests, then closing');
      // Nothing orphaned keeps serving.
      await expect(fetch(`${base}/api/health`)).rejects.toThrow();
    } finally {
      if (npm.exitCode === null && npm.signalCode === null) npm.kill('SIGKILL');
      // Were the server orphaned, it would still hold the port: find it and stop it by its own pid.
      await stopWhateverListensOn(port);
    }
  });
});

/** A process still listening on `port` after its parent went away; there must be none. */
async function stopWhateverListensOn(port: number): Promise<void> {
  const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
  if (!health) return;
  const inode = fs
    .readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find((cols) => cols[1]?.endsWith(`:${port.toString(16).toUpperCase().padStart(4, '0')}`) && cols[3] === '0A')?.[9];
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    const fds = (() => {
      try {
        return fs.readdirSync(`/proc/${pid}/fd`).map((fd) => fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return [];
      }
    })();
    if (inode && fds.includes(`socket:[${inode}]`)) process.kill(Number(pid), 'SIGKILL');
  }
}

/** A product form whose photo is still arriving when the server stops; resolves with the answer it got, if any. */
function unfinishedUpload(
  base: string,
  cookie: string,
): { answer: Promise<{ status: number; retryAfter?: string } | { error: string }> } {
  const boundary = `----souq${crypto.randomBytes(8).toString('hex')}`;
  const request = http.request(`${base}/api/products`, {
    method: 'POST',
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  const answer = new Promise<{ status: number; retryAfter?: string } | { error: string }>((resolve) => {
    request.on('response', (res) => {
      res.resume();
      resolve({ status: res.statusCode!, retryAfter: res.headers['retry-after'] as string | undefined });
    });
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
  request.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  request.write(crypto.randomBytes(256 * 1024));
  return { answer };
}
