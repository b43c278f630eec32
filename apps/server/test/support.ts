import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppOverrides, type Souq } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { DialectName } from '../src/db/database.js';

/** Every database suite loops over these (Kysely's own test habit). */
export const DIALECTS: DialectName[] = inject('pgUrl') ? ['sqlite', 'postgres'] : ['sqlite'];

export interface TestDatabase {
  config: Pick<Config, 'database' | 'dataDir'>;
  drop(): Promise<void>;
}

/** A fresh, empty database: a temp directory for SQLite, a throwaway schema for PostgreSQL. */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'souq-test-'));
  if (dialect === 'sqlite') {
    return {
      config: { dataDir, database: { kind: 'sqlite', file: path.join(dataDir, 'souq.db') } },
      // A socket's last write can still be landing in the directory as it goes: rmSync retries then.
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }),
    };
  }
  const url = inject('pgUrl');
  if (!url) throw new Error('PostgreSQL is not available');
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  return {
    config: { dataDir, database: { kind: 'postgres', url, schema } },
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}

export function testConfig(base: Pick<Config, 'database' | 'dataDir'>, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      PUBLIC_URL: 'http://localhost:3000',
      AUTH_RATE_LIMIT: '1000',
      BID_RATE_LIMIT: '100000',
      // As with the rate limits, cash on delivery's limits are their own tests' (delivery/cod-limits.test.ts):
      // elsewhere one buyer places many orders, of any size.
      COD_MAX_OPEN_ORDERS: '1000',
      COD_MAX_AED: '10000000',
    }),
    ...base,
    ...overrides,
  };
}

export interface TestApp extends Souq {
  config: Config;
  close(): Promise<void>;
}

/** `beforeReady` may add test-only routes, which Fastify accepts only before `ready()`. */
export async function startTestApp(
  dialect: DialectName,
  overrides: Partial<Config> = {},
  appOverrides: AppOverrides = {},
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  const config = testConfig(database.config, overrides);
  const souq = await buildApp(config, appOverrides);
  beforeReady?.(souq.app);
  await souq.app.ready();
  return {
    ...souq,
    config,
    close: async () => {
      await souq.app.close();
      await database.drop();
    },
  };
}

/**
 * The database stops answering, as far as the app can tell: its pool is ended. The background jobs
 * stop first: each runs once at start, and one still queued for a connection when a pool ends
 * waits forever (pg-pool), where a real outage would fail it.
 */
export async function stopDatabase(t: TestApp): Promise<void> {
  await t.jobs.stop();
  await t.database.destroy();
}

/** Another instance of the same service on the same database (and the same data directory), as a second server would be. */
export async function startSiblingApp(
  t: TestApp,
  overrides: Partial<Config> = {},
  appOverrides: AppOverrides = {},
): Promise<Souq & { close(): Promise<void> }> {
  const souq = await buildApp({ ...t.config, ...overrides }, appOverrides);
  await souq.app.ready();
  return { ...souq, close: () => souq.app.close() };
}

/** The Cookie header a browser would send back after this response. */
export function cookieHeader(response: { cookies: Array<{ name: string; value: string }> }): string {
  return response.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

export const validRegistration = (n: number | string = crypto.randomBytes(4).toString('hex')) => ({
  email: `user${n}@example.com`,
  password: 'secret-pass',
  confirmPassword: 'secret-pass',
  username: `user${n}`,
  phone: '0501234567',
});

/** A JSON POST as the web app sends it, optionally carrying a session cookie. */
export function post(t: Souq, url: string, payload: unknown, cookie?: string, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
}

/** Who the server thinks this cookie belongs to (null when signed out). */
export async function whoAmI(t: Souq, cookie?: string): Promise<{ email: string; emailVerified: boolean } | null> {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });
  if (res.statusCode !== 200) throw new Error(`GET /api/auth/me answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { user: { email: string; emailVerified: boolean } | null }).user;
}

export interface SignedIn {
  res: LightMyRequestResponse;
  cookie: string;
  email: string;
  password: string;
}

/** Registers through the API and returns the session cookie it set. */
export async function registerUser(
  t: Souq,
  input: Partial<ReturnType<typeof validRegistration>> = {},
): Promise<SignedIn> {
  const body = { ...validRegistration(), ...input };
  const res = await post(t, '/api/auth/register', body);
  if (res.statusCode !== 201) throw new Error(`register answered ${res.statusCode}: ${res.body}`);
  return { res, cookie: cookieHeader(res), email: body.email, password: body.password };
}

export async function login(t: Souq, email: string, password: string, cookie?: string): Promise<SignedIn> {
  const res = await post(t, '/api/auth/login', { email, password }, cookie);
  return { res, cookie: cookieHeader(res), email, password };
}

export async function countRows(t: Souq, table: 'users' | 'sessions' | 'email_tokens'): Promise<number> {
  const row = await t.database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Polls until `check` stops throwing: for work the server finishes after answering (reset mails). */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** The body every API error has (docs/architecture.md, "One error shape"). */
export function apiError(code: string, message: string, fields?: Record<string, string>) {
  return { error: { code, message, ...(fields ? { fields } : {}) } };
}

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Starts a TypeScript file in its own Node process. `node --import tsx` rather than `npx tsx`:
 * both wrappers would sit between us and the server, and signals and exit codes must reach it.
 */
export function spawnTsx(
  script: string,
  args: string[] = [],
  env: Record<string, string | undefined> = {},
): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export interface Exited {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Collects a child's output and resolves when it exits. */
export function exited(child: ChildProcess): Promise<Exited> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
