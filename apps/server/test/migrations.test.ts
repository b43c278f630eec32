import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { MIGRATIONS, migrateToLatest } from '../src/db/migrate.js';
import { productValues } from './catalog-support.js';
import { DIALECTS, createTestDatabase, exited, spawnTsx, type TestDatabase } from './support.js';

const ACCOUNT_TABLES = ['email_tokens', 'kysely_migration', 'kysely_migration_lock', 'oidc_states', 'sessions', 'users'];

const schemaOf = (config: DatabaseConfig) => (config.kind === 'postgres' ? config.schema : undefined);

async function tables(db: Kysely<any>, config: DatabaseConfig): Promise<string[]> {
  const { rows } =
    config.kind === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = ${config.schema}`.execute(db);
  return rows.map((r) => r.name).sort();
}

async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}

describe.each(DIALECTS)('migrations (%s)', (dialect) => {
  // What one lone migration run produces; every racing run must end in exactly this.
  const expected = { migrations: [] as string[], tables: [] as string[] };
  beforeAll(async () => {
    const reference = await createTestDatabase(dialect);
    const { db, destroy } = openDatabase(reference.config.database);
    try {
      expected.migrations = await migrateToLatest(db, schemaOf(reference.config.database));
      expected.tables = await tables(db, reference.config.database);
    } finally {
      await destroy();
      await reference.drop();
    }
  });

  let test: TestDatabase;
  const handles: Database[] = [];
  const open = () => {
    const handle = openDatabase(test.config.database);
    handles.push(handle);
    return handle;
  };
  beforeEach(async () => {
    test = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await Promise.all(handles.splice(0).map((h) => h.destroy()));
    await test.drop();
  });

  /** Each migration applied by exactly one of the runs, and the schema a lone run makes. */
  async function expectMigratedOnce(db: Kysely<any>, appliedByRuns: string[]) {
    expect(appliedByRuns.sort()).toEqual(expected.migrations);
    expect(await appliedMigrations(db)).toEqual(expected.migrations);
    expect(await tables(db, test.config.database)).toEqual(expected.tables);
  }

  it('applies every migration, in order, once; a second run is a no-op', async () => {
    expect(expected.migrations[0]).toBe('2026-11-21-001-accounts');
    expect(expected.migrations).toEqual([...expected.migrations].sort());
    expect(expected.tables).toEqual(expect.arrayContaining(ACCOUNT_TABLES));

    const { db } = open();
    const schema = schemaOf(test.config.database);
    expect(await migrateToLatest(db, schema)).toEqual(expected.migrations);
    expect(await migrateToLatest(db, schema)).toEqual([]);
    await expectMigratedOnce(db, [...expected.migrations]);
  });

  it('gives likes stored before 2026-11-24 their product\'s seller and category (and, on PostgreSQL, unlogged feed sessions)', async () => {
    const { db } = open();
    const schema = schemaOf(test.config.database);
    const before = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS }, ...(schema ? { migrationTableSchema: schema } : {}) });
    expect((await before.migrateTo('2026-11-22-203-fulfilment-status')).error).toBeUndefined();
    const at = new Date().toISOString();
    const [seller, fan] = [crypto.randomUUID(), crypto.randomUUID()];
    const person = (id: string, name: string) => ({ id, email: `${name}@example.com`, password_hash: null, username: name, display_name: null, phone: null, profile_pic: '', bio: '', contact_email: null, google_sub: null, email_verified_at: at, created_at: at });
    await db.insertInto('users').values([person(seller, 'seller'), person(fan, 'fan')]).execute();
    const product = productValues(seller, { category: 'Watches' });
    await db.insertInto('products').values(product).execute();
    await sql`insert into product_likes (product_id, user_id, created_at) values (${product.id}, ${fan}, ${at})`.execute(db);
    expect(await migrateToLatest(db, schema)).toContain('2026-11-24-204-feed-read-indexes');
    expect(await db.selectFrom('product_likes').select(['product_id', 'seller_id', 'category']).execute()).toEqual([{ product_id: product.id, seller_id: seller, category: 'Watches' }]);
    if (test.config.database.kind === 'postgres') {
      // Feed sessions are disposable: no write-ahead log for them.
      const { rows } = await sql<{ persistence: string }>`select relpersistence as persistence from pg_class where oid = ${`${schema}.feed_sessions`}::regclass`.execute(db);
      expect(rows).toEqual([{ persistence: 'u' }]);
    }
  });

  it('survives two handles migrating at the same moment', async () => {
    const [a, b] = [open(), open()];
    const schema = schemaOf(test.config.database);
    const results = await Promise.all([migrateToLatest(a.db, schema), migrateToLatest(b.db, schema)]);
    await expectMigratedOnce(a.db, results.flat());
  });

  it('survives two processes migrating at the same moment', async () => {
    const config = JSON.stringify(test.config.database);
    // Both wait for the same instant after start-up, which takes about a second under tsx.
    const startAt = String(Date.now() + 3000);
    const runs = await Promise.all([1, 2].map(() => exited(spawnTsx('apps/server/test/fixtures/migrate.ts', [config, startAt]))));
    for (const run of runs) expect(run, run.stderr).toMatchObject({ code: 0 });
    await expectMigratedOnce(open().db, runs.flatMap((run) => JSON.parse(run.stdout) as string[]));
  });
});
