import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withStatementCache } from './statement-cache.js';

interface TestDB {
  items: { id: Generated<number>; name: string; qty: number };
}

describe('SQLite statement cache', () => {
  let sqlite: SQLite.Database;
  let prepare: ReturnType<typeof vi.spyOn>;
  let db: Kysely<TestDB>;

  const open = (capacity?: number) => {
    db = new Kysely<TestDB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite, capacity) }) });
    return db;
  };

  beforeEach(async () => {
    sqlite = new SQLite(':memory:');
    prepare = vi.spyOn(sqlite, 'prepare');
    await sql`create table items (id integer primary key, name text not null unique, qty integer not null)`.execute(
      open(),
    );
    prepare.mockClear();
  });
  afterEach(async () => {
    await db.destroy();
  });

  const byName = (name: string) => db.selectFrom('items').selectAll().where('name', '=', name).executeTakeFirst();

  it('prepares each SQL text once and reuses the statement with new parameters', async () => {
    await db.insertInto('items').values({ name: 'lamp', qty: 1 }).execute();
    await db.insertInto('items').values({ name: 'rug', qty: 2 }).execute();
    expect(await byName('lamp')).toEqual({ id: 1, name: 'lamp', qty: 1 });
    expect(await byName('rug')).toEqual({ id: 2, name: 'rug', qty: 2 });
    expect(await byName('vase')).toBeUndefined();
    // One insert statement, one select statement.
    expect(prepare).toHaveBeenCalledTimes(2);
  });

  it('keeps only the most recently used statements', async () => {
    open(3);
    const query = (n: number) =>
      sql<{ n: number }>`select ${n} + 0 as n, ${String(n)} as tag_${sql.raw(String(n))}`.execute(db);
    for (let n = 0; n < 10; n++) await query(n);
    expect(prepare).toHaveBeenCalledTimes(10);
    // 7, 8 and 9 are still cached; 0 was evicted long ago and is prepared again.
    for (const n of [9, 8, 7]) expect((await query(n)).rows).toEqual([{ n, [`tag_${n}`]: String(n) }]);
    expect(prepare).toHaveBeenCalledTimes(10);
    // Used in the order 9, 8, 7, so 9 is the least recent and makes room for 0.
    await query(0);
    await query(7);
    await query(8);
    expect(prepare).toHaveBeenCalledTimes(11);
    await query(9);
    expect(prepare).toHaveBeenCalledTimes(12);
  });

  it('reports inserted ids and affected rows from reused statements', async () => {
    for (const name of ['a', 'b', 'c']) {
      const result = await db.insertInto('items').values({ name, qty: 5 }).executeTakeFirst();
      expect(result.insertId).toBe(BigInt(name.charCodeAt(0) - 96));
      expect(result.numInsertedOrUpdatedRows).toBe(1n);
    }
    const updated = await db.updateTable('items').set({ qty: 0 }).where('qty', '=', 5).executeTakeFirst();
    expect(updated.numUpdatedRows).toBe(3n);
    const none = await db.updateTable('items').set({ qty: 0 }).where('qty', '=', 5).executeTakeFirst();
    expect(none.numUpdatedRows).toBe(0n);
    const deleted = await db.deleteFrom('items').where('name', '=', 'b').executeTakeFirst();
    expect(deleted.numDeletedRows).toBe(1n);
    expect(await db.selectFrom('items').select('name').orderBy('id').execute()).toEqual([{ name: 'a' }, { name: 'c' }]);
  });

  it('returns rows from writes that read (RETURNING)', async () => {
    for (const name of ['x', 'y']) {
      const row = await db
        .insertInto('items')
        .values({ name, qty: 3 })
        .returning(['id', 'name'])
        .executeTakeFirstOrThrow();
      expect(row.name).toBe(name);
    }
  });

  it('commits and rolls back transactions through the cached begin, commit and rollback', async () => {
    for (let i = 0; i < 2; i++) {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('items')
          .values({ name: `kept${i}`, qty: i })
          .execute();
      });
      await expect(
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('items')
            .values({ name: `dropped${i}`, qty: i })
            .execute();
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
    }
    expect(await db.selectFrom('items').select('name').orderBy('id').execute()).toEqual([
      { name: 'kept0' },
      { name: 'kept1' },
    ]);
  });

  it('keeps working after a statement fails', async () => {
    await db.insertInto('items').values({ name: 'same', qty: 1 }).execute();
    await expect(db.insertInto('items').values({ name: 'same', qty: 2 }).execute()).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
    await db.insertInto('items').values({ name: 'other', qty: 2 }).execute();
    expect(await byName('other')).toMatchObject({ qty: 2 });
  });

  it('sees schema changes made after a statement was cached', async () => {
    await db.insertInto('items').values({ name: 'lamp', qty: 1 }).execute();
    expect(await byName('lamp')).toEqual({ id: 1, name: 'lamp', qty: 1 });
    await sql`alter table items add column colour text default 'red'`.execute(db);
    expect(await byName('lamp')).toEqual({ id: 1, name: 'lamp', qty: 1, colour: 'red' });
  });
});
