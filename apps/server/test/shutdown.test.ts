import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited, spawnTsx, type Exited } from './support.js';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface Server {
  child: ChildProcess;
  done: Promise<Exited>;
  base: string;
}

/** `npm start` as an operator runs it, on SQLite in `dataDir`, with nothing else configured. */
async function startServer(dataDir: string): Promise<Server> {
  const port = await freePort();
  // Empty values count as unset, so nothing from the developer's shell leaks in.
  const child = spawnTsx('apps/server/src/main.ts', [], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    SEED_DEMO: 'true',
    DATABASE_URL: '',
    PUBLIC_URL: '',
    SMTP_URL: '',
  });
  const done = exited(child);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    const exitedEarly = await Promise.race([done, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 100))]);
    if (exitedEarly) throw new Error(`server exited with ${exitedEarly.code}:\n${exitedEarly.stdout}\n${exitedEarly.stderr}`);
    const health = await fetch(`${base}/api/health`).catch(() => undefined);
    if (health?.ok) return { child, done, base };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('server did not answer /api/health within 20 s');
    }
  }
}

async function stopServer(server: Server): Promise<Exited> {
  server.child.kill('SIGTERM');
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no exit within 10 s of SIGTERM')), 10_000));
  try {
    return await Promise.race([server.done, timeout]);
  } finally {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  }
}

const signIn = (base: string, email: string, password: string) =>
  fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });

describe('the server process', () => {
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

    const run = await stopServer(server);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('seeded demo accounts (amira@souq.test, omar@souq.test, layla@souq.test) and 12 products');
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
      expect(db.prepare('select count(*) as n from users').get()).toEqual({ n: 3 });
      expect(db.prepare('select count(*) as n from products').get()).toEqual({ n: 12 });
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
});
