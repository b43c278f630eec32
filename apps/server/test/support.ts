import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
      drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
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
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function testConfig(base: Pick<Config, 'database' | 'dataDir'>, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent', SEED_DEMO: 'false', PUBLIC_URL: 'http://localhost:3000', AUTH_RATE_LIMIT: '1000' }),
    ...base,
    ...overrides,
  };
}

export interface TestApp extends Souq {
  config: Config;
  close(): Promise<void>;
}

export async function startTestApp(dialect: DialectName, overrides: Partial<Config> = {}, appOverrides: AppOverrides = {}): Promise<TestApp> {
  const database = await createTestDatabase(dialect);
  const config = testConfig(database.config, overrides);
  const souq = await buildApp(config, appOverrides);
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
