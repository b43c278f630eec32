import { Redis } from 'ioredis';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string | null;
    redisUrl: string | null;
  }
}

export const DEFAULT_TEST_PG = 'postgres://postgres@127.0.0.1:5432/test';
export const DEFAULT_TEST_REDIS = 'redis://127.0.0.1:6379';

function announceMissing(why: string, what: string, hint: string): void {
  if (process.env.CI === 'true')
    throw new Error(`${why}. CI runs every suite with every service, so this is a failure.`);
  console.warn(`\n${'!'.repeat(78)}\n!! SKIPPING ${what}.\n!! ${why}\n!! ${hint}\n${'!'.repeat(78)}\n`);
}

/** Finds Redis once per run, for the suites that share state between instances (rate limits). */
async function findRedis(project: TestProject): Promise<void> {
  const url = process.env.TEST_REDIS_URL ?? DEFAULT_TEST_REDIS;
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
    project.provide('redisUrl', url);
  } catch (error) {
    announceMissing(
      `Redis is not reachable at ${url}: ${(error as Error).message}`,
      'the suites that need Redis',
      'Set TEST_REDIS_URL or start Redis to run them.',
    );
    project.provide('redisUrl', null);
  } finally {
    redis.disconnect();
  }
}

/** Finds PostgreSQL and Redis once per run. Under CI they must be there; elsewhere their absence is announced loudly. */
export default async function setup(project: TestProject): Promise<void> {
  await findRedis(project);
  const url = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_PG;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    project.provide('pgUrl', url);
  } catch (error) {
    announceMissing(
      `PostgreSQL is not reachable at ${url}: ${(error as Error).message}`,
      'the PostgreSQL half of every database suite',
      'Set TEST_DATABASE_URL or start PostgreSQL to run them.',
    );
    project.provide('pgUrl', null);
  } finally {
    await client.end().catch(() => undefined);
  }
}
