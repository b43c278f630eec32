import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { MIGRATIONS, migrateToLatest, retryingCatalogRaces } from '../src/db/migrate.js';
import { productValues } from './catalog-support.js';
import { verifiedUserRow } from './fixtures/users.js';
import { DIALECTS, createTestDatabase, exited, spawnTsx, type TestDatabase } from './support.js';

const ACCOUNT_TABLES = [
  'email_tokens',
  'kysely_migration',
  'kysely_migration_lock',
  'oidc_states',
  'sessions',
  'users',
];

const schemaOf = (config: DatabaseConfig) => (config.kind === 'postgres' ? config.schema : undefined);

async function tables(db: Kysely<any>, config: DatabaseConfig): Promise<string[]> {
  const { rows } =
    config.kind === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = ${config.schema}`.execute(db);
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

  it("gives likes stored before 2026-11-24 their product's seller and category (and, on PostgreSQL, unlogged feed sessions)", async () => {
    const { db } = open();
    const schema = schemaOf(test.config.database);
    const before = new Migrator({
      db,
      provider: { getMigrations: async () => MIGRATIONS },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    expect(
      (await retryingCatalogRaces(() => before.migrateTo('2026-11-22-203-fulfilment-status'))).error,
    ).toBeUndefined();
    const at = new Date().toISOString();
    const [seller, fan] = [crypto.randomUUID(), crypto.randomUUID()];
    const person = (id: string, name: string) => ({
      id,
      email: `${name}@example.com`,
      password_hash: null,
      username: name,
      display_name: null,
      phone: null,
      profile_pic: '',
      bio: '',
      contact_email: null,
      google_sub: null,
      email_verified_at: at,
      created_at: at,
    });
    await db
      .insertInto('users')
      .values([person(seller, 'seller'), person(fan, 'fan')])
      .execute();
    const product = productValues(seller, { category: 'Watches' });
    await db.insertInto('products').values(product).execute();
    await sql`insert into product_likes (product_id, user_id, created_at) values (${product.id}, ${fan}, ${at})`.execute(
      db,
    );
    expect(await migrateToLatest(db, schema)).toContain('2026-11-24-204-feed-read-indexes');
    expect(await db.selectFrom('product_likes').select(['product_id', 'seller_id', 'category']).execute()).toEqual([
      { product_id: product.id, seller_id: seller, category: 'Watches' },
    ]);
    if (test.config.database.kind === 'postgres') {
      // Feed sessions are disposable: no write-ahead log for them.
      const { rows } = await sql<{
        persistence: string;
      }>`select relpersistence as persistence from pg_class where oid = ${`${schema}.feed_sessions`}::regclass`.execute(
        db,
      );
      expect(rows).toEqual([{ persistence: 'u' }]);
    }
  });

  it("totals each product's views of the last 30 Gulf days stored before 2026-11-27's dashboard, for its seller", async () => {
    const { db } = open();
    const schema = schemaOf(test.config.database);
    const before = new Migrator({
      db,
      provider: { getMigrations: async () => MIGRATIONS },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    expect((await retryingCatalogRaces(() => before.migrateTo('2026-11-27-218-product-views'))).error).toBeUndefined();
    const seller = crypto.randomUUID();
    await db
      .insertInto('users')
      .values(
        verifiedUserRow({ id: seller, username: 'seller', email: 'seller@example.com' }, new Date().toISOString()),
      )
      .execute();
    const product = productValues(seller);
    await db.insertInto('products').values(product).execute();
    // The migration reads the real clock: today, and a day long out of the window.
    const today = new Date(Date.now() + 4 * 3600_000).toISOString().slice(0, 10);
    await sql`insert into product_view_days (product_id, day, views) values (${product.id}, ${today}, 3), (${product.id}, '2020-01-01', 7)`.execute(
      db,
    );
    expect(await migrateToLatest(db, schema)).toContain('2026-11-27-221-dashboard');
    expect(await db.selectFrom('product_view_totals').selectAll().execute()).toEqual([
      { product_id: product.id, seller_id: seller, views: 3 },
    ]);
  });

  it('turns the picture and order-line URLs stored before 2026-11-26 into storage keys, null for anything else', async () => {
    const { db } = open();
    const schema = schemaOf(test.config.database);
    const before = new Migrator({
      db,
      provider: { getMigrations: async () => MIGRATIONS },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    expect(
      (await retryingCatalogRaces(() => before.migrateTo('2026-11-25-205-bidder-index-on-maxima'))).error,
    ).toBeUndefined();
    const at = new Date().toISOString();
    const key = (folder: string) => `${folder}/${crypto.randomUUID()}`;
    const [uploaded, large] = [key('avatars'), key('avatars')];
    const pictures = {
      uploaded: `/uploads/${uploaded}-thumb.webp`,
      large: `/uploads/${large}.webp`,
      fallback: '/images/default-avatar.svg',
      empty: '',
    };
    const ids: Record<string, string> = Object.fromEntries(
      Object.keys(pictures).map((name) => [name, crypto.randomUUID()]),
    );
    // The tables as they were before the migration, not as schema.ts now describes them.
    const old = db as Kysely<any>;
    await old
      .insertInto('users')
      .values(
        Object.entries(pictures).map(([name, pic]) => ({
          id: ids[name],
          email: `${name}@example.com`,
          password_hash: null,
          username: name,
          display_name: null,
          phone: null,
          profile_pic: pic,
          bio: '',
          contact_email: null,
          google_sub: null,
          email_verified_at: at,
          created_at: at,
        })),
      )
      .execute();
    const order = crypto.randomUUID();
    await old
      .insertInto('orders')
      .values({
        id: order,
        buyer_id: ids.uploaded,
        idempotency_key: 'k',
        status: 'placed',
        payment_method: 'cod',
        subtotal: 100,
        vat: 5,
        total: 105,
        emirate: 'Dubai',
        area: 'Marina',
        street: '1 Road',
        phone: '0501234567',
        created_at: at,
      })
      .execute();
    const photo = key('products');
    const images = { photo: `/uploads/${photo}-thumb.webp`, placeholder: '/images/placeholder.svg', none: null };
    await old
      .insertInto('order_lines')
      .values(
        Object.entries(images).map(([title, image], position) => ({
          id: crypto.randomUUID(),
          order_id: order,
          position,
          product_id: null,
          seller_id: ids.large,
          title,
          image,
          unit_price: 100,
          quantity: 1,
          line_total: 100,
        })),
      )
      .execute();

    expect(await migrateToLatest(db, schema)).toContain('2026-11-26-206-storage-keys-not-urls');
    const users = await db.selectFrom('users').select(['username', 'avatar_key']).orderBy('username').execute();
    expect(users).toEqual([
      { username: 'empty', avatar_key: null },
      { username: 'fallback', avatar_key: null },
      { username: 'large', avatar_key: large },
      { username: 'uploaded', avatar_key: uploaded },
    ]);
    expect(await db.selectFrom('order_lines').select(['title', 'image_key']).orderBy('position').execute()).toEqual([
      { title: 'photo', image_key: photo },
      { title: 'placeholder', image_key: null },
      { title: 'none', image_key: null },
    ]);
    // No URL column is left behind for code to read by mistake.
    expect(Object.keys((await db.selectFrom('users').selectAll().executeTakeFirstOrThrow()) as object)).not.toContain(
      'profile_pic',
    );
    expect(
      Object.keys((await db.selectFrom('order_lines').selectAll().executeTakeFirstOrThrow()) as object),
    ).not.toContain('image');
  });

  it('folds the search text of products stored before 2026-11-27, in batches, and the search index follows; down lowercases again', async () => {
    const { db } = open();
    const schema = schemaOf(test.config.database);
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => MIGRATIONS },
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    expect(
      (await retryingCatalogRaces(() => migrator.migrateTo('2026-11-26-206-storage-keys-not-urls'))).error,
    ).toBeUndefined();
    const seller = crypto.randomUUID();
    await db
      .insertInto('users')
      .values(
        verifiedUserRow({ id: seller, username: 'seller', email: 'seller@example.com' }, new Date().toISOString()),
      )
      .execute();
    // As the app wrote them before: title, category and keywords lowercased, one per line.
    const old = (title: string, category: string, keywords: string[]) => {
      const list = [...keywords, category.toLowerCase()];
      return productValues(seller, {
        title,
        category,
        keywords: JSON.stringify(list),
        search_text: [title, category, ...list].join('\n').toLowerCase(),
      });
    };
    const arabic = [old('ساعة يد رجالية', 'Watches', ['أصلي']), old('iPhone 15 ٢٥٦ جيجا', 'Phones', ['هاتف'])];
    // More than one batch of rows, English ones among them, which fold to what they were.
    const english = Array.from({ length: 1100 }, (_, i) => old(`Seamaster ${i}`, 'Watches', ['diver']));
    for (let i = 0; i < english.length; i += 250)
      await db
        .insertInto('products')
        .values(english.slice(i, i + 250))
        .execute();
    await db.insertInto('products').values(arabic).execute();
    const before = await db.selectFrom('products').select(['id', 'search_text']).orderBy('id').execute();

    expect(await migrateToLatest(db, schema)).toContain('2026-11-27-207-folded-search-text');
    const textOf = async (id: string) =>
      (await db.selectFrom('products').select('search_text').where('id', '=', id).executeTakeFirstOrThrow())
        .search_text;
    expect(await textOf(arabic[0]!.id)).toBe('ساعه يد رجاليه\nwatches\nاصلي\nwatches');
    expect(await textOf(arabic[1]!.id)).toBe('iphone 15 256 جيجا\nphones\nهاتف\nphones');
    const englishAfter = await db
      .selectFrom('products')
      .select(['id', 'search_text'])
      .where(
        'id',
        'in',
        english.map((p) => p.id),
      )
      .orderBy('id')
      .execute();
    expect(englishAfter).toEqual(before.filter((r) => english.some((p) => p.id === r.id)));
    // The index search reads: FTS5 on SQLite (through its triggers), the table itself on PostgreSQL.
    const matches = (text: string) =>
      test.config.database.kind === 'sqlite'
        ? sql<{
            id: string;
          }>`select p.id from products_search s join products p on p.rowid = s.rowid where s.search_text like ${`%${text}%`}`.execute(
            db,
          )
        : sql<{ id: string }>`select id from products where search_text like ${`%${text}%`}`.execute(db);
    expect((await matches('ساعه')).rows.map((r) => r.id)).toEqual([arabic[0]!.id]);
    expect((await matches('15 256')).rows.map((r) => r.id)).toEqual([arabic[1]!.id]);

    expect(
      (await retryingCatalogRaces(() => migrator.migrateTo('2026-11-26-206-storage-keys-not-urls'))).error,
    ).toBeUndefined();
    expect(await db.selectFrom('products').select(['id', 'search_text']).orderBy('id').execute()).toEqual(before);
    expect((await matches('ساعة')).rows.map((r) => r.id)).toEqual([arabic[0]!.id]);
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
    const runs = await Promise.all(
      [1, 2].map(() => exited(spawnTsx('apps/server/test/fixtures/migrate.ts', [config, startAt]))),
    );
    for (const run of runs) expect(run, run.stderr).toMatchObject({ code: 0 });
    await expectMigratedOnce(
      open().db,
      runs.flatMap((run) => JSON.parse(run.stdout) as string[]),
    );
  });
});
