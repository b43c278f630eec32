import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prepared, preparedWrite } from './prepared.js';

interface TestDB {
  items: { id: Generated<number>; name: string; qty: number; kind: string };
}

describe('prepared queries', () => {
  let db: Kysely<TestDB>;
  beforeEach(async () => {
    db = new Kysely<TestDB>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await sql`create table items (id integer primary key, name text not null, qty integer not null, kind text not null)`.execute(
      db,
    );
    await db
      .insertInto('items')
      .values([
        { name: 'lamp', qty: 1, kind: 'light' },
        { name: 'rug', qty: 2, kind: 'floor' },
        { name: 'candle', qty: 3, kind: 'light' },
      ])
      .execute();
  });
  afterEach(() => db.destroy());

  it('builds once per database and runs with each call’s values, keeping the query’s own constants', async () => {
    const build = vi.fn((d: Kysely<TestDB>, p: { kind: string; atLeast: number }) =>
      d
        .selectFrom('items')
        .select('name')
        .where('kind', '=', p.kind)
        .where('qty', '>=', p.atLeast)
        .where('name', '!=', 'nothing')
        .orderBy('id'),
    );
    const byKind = prepared(build);
    expect(await byKind(db, { kind: 'light', atLeast: 0 })).toEqual([{ name: 'lamp' }, { name: 'candle' }]);
    expect(await byKind(db, { kind: 'light', atLeast: 2 })).toEqual([{ name: 'candle' }]);
    expect(await byKind(db, { kind: 'floor', atLeast: 0 })).toEqual([{ name: 'rug' }]);
    expect(await byKind(db, { kind: 'none', atLeast: 0 })).toEqual([]);
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('takes the same argument in several places', async () => {
    const named = prepared((d: Kysely<TestDB>, p: { name: string }) =>
      d
        .selectFrom('items')
        .select('qty')
        .where((eb) => eb.or([eb('name', '=', p.name), eb('kind', '=', p.name)])),
    );
    expect(await named(db, { name: 'floor' })).toEqual([{ qty: 2 }]);
    expect(await named(db, { name: 'lamp' })).toEqual([{ qty: 1 }]);
  });

  it('runs inside a transaction and sees its uncommitted rows', async () => {
    const count = prepared((d: Kysely<TestDB>, p: { kind: string }) =>
      d
        .selectFrom('items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', p.kind),
    );
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('items').values({ name: 'torch', qty: 1, kind: 'light' }).execute();
      expect(await count(trx, { kind: 'light' })).toEqual([{ n: 3 }]);
    });
    expect(await count(db, { kind: 'light' })).toEqual([{ n: 3 }]);
  });

  it('compiles once for a database and its transactions alike', async () => {
    const build = vi.fn((d: Kysely<TestDB>, p: { kind: string }) =>
      d.selectFrom('items').select('name').where('kind', '=', p.kind).orderBy('id'),
    );
    const byKind = prepared(build);
    await byKind(db, { kind: 'light' });
    for (let i = 0; i < 3; i++)
      await db
        .transaction()
        .execute(async (trx) => expect(await byKind(trx, { kind: 'floor' })).toEqual([{ name: 'rug' }]));
    expect(build).toHaveBeenCalledTimes(1);
  });

  it('answers how many rows a prepared write changed', async () => {
    const restock = preparedWrite((d: Kysely<TestDB>, p: { kind: string; qty: number }) =>
      d.updateTable('items').set({ qty: p.qty }).where('kind', '=', p.kind),
    );
    expect(await restock(db, { kind: 'light', qty: 7 })).toBe(2);
    expect(await restock(db, { kind: 'none', qty: 7 })).toBe(0);
    expect(await db.selectFrom('items').select('qty').where('kind', '=', 'light').execute()).toEqual([
      { qty: 7 },
      { qty: 7 },
    ]);
  });

  it('refuses to build from the arguments as a whole, which would write no column', () => {
    const insert = prepared((d: Kysely<TestDB>, row: { name: string; qty: number; kind: string }) =>
      d.insertInto('items').values(row).returning('id'),
    );
    return expect(insert(db, { name: 'jug', qty: 1, kind: 'kitchen' })).rejects.toThrow(/name each column/);
  });

  it('compiles for each database it meets', async () => {
    const other = new Kysely<TestDB>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    try {
      await sql`create table items (id integer primary key, name text not null, qty integer not null, kind text not null)`.execute(
        other,
      );
      await other.insertInto('items').values({ name: 'vase', qty: 9, kind: 'decor' }).execute();
      const all = prepared((d: Kysely<TestDB>, p: { atLeast: number }) =>
        d.selectFrom('items').select('name').where('qty', '>=', p.atLeast),
      );
      expect(await all(db, { atLeast: 3 })).toEqual([{ name: 'candle' }]);
      expect(await all(other, { atLeast: 3 })).toEqual([{ name: 'vase' }]);
    } finally {
      await other.destroy();
    }
  });
});
