import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string | null;
  }
}

export const DEFAULT_TEST_PG = 'postgres://postgres@127.0.0.1:5432/test';

/** Finds PostgreSQL once per run. Under CI it must be there; elsewhere its absence is announced loudly. */
export default async function setup(project: TestProject): Promise<void> {
  const url = process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_PG;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    project.provide('pgUrl', url);
  } catch (error) {
    const why = `PostgreSQL is not reachable at ${url}: ${(error as Error).message}`;
    if (process.env.CI === 'true') throw new Error(`${why}. CI runs every suite on both databases, so this is a failure.`);
    console.warn(`\n${'!'.repeat(78)}\n!! SKIPPING the PostgreSQL half of every database suite.\n!! ${why}\n!! Set TEST_DATABASE_URL or start PostgreSQL to run them.\n${'!'.repeat(78)}\n`);
    project.provide('pgUrl', null);
  } finally {
    await client.end().catch(() => undefined);
  }
}
