import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { pgDataVersion } from '../src/db/pg-data-version.js';
import { verifiedUserRow } from './fixtures/users.js';
import { DIALECTS, createTestDatabase, type TestDatabase } from './support.js';

/** Waits for `check` to hold, a poll every 20 ms, or fails after `ms`. */
async function eventually(check: () => boolean, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('never happened');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const settle = () => new Promise((r) => setTimeout(r, 300));

/** PostgreSQL's data version (ADR 0050): what keeps an answer, or tells that it is stale. */
describe.each(DIALECTS.filter((d) => d === 'postgres'))('data version (%s)', () => {
  let test: TestDatabase;
  let here: Database;
  let elsewhere: Database;
  let schema: string;
  let url: string;

  const stable = () => here.dataVersion!() === here.dataVersion!();
  const addUser = (database: Database, id: string) =>
    database.db
      .insertInto('users')
      .values(verifiedUserRow({ id, username: id, email: `${id}@souq.test` }, '2026-11-29T00:00:00.000Z'))
      .execute();

  beforeAll(async () => {
    test = await createTestDatabase('postgres');
    if (test.config.database.kind !== 'postgres') throw new Error('postgres only');
    ({ url } = test.config.database);
    schema = test.config.database.schema!;
    here = openDatabase(test.config.database);
    elsewhere = openDatabase(test.config.database);
    await migrateToLatest(here.db, schema);
    here.dataVersion!();
    await eventually(stable);
  });
  afterAll(async () => {
    await here.destroy();
    await elsewhere.destroy();
    await test.drop();
  });

  it('gives every table both triggers', async () => {
    const { rows } = await sql<{ table: string; triggers: string }>`
      select c.relname as table, string_agg(t.tgname, ',' order by t.tgname) as triggers
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      left join pg_trigger t on t.tgrelid = c.oid and t.tgname like 'souq\\_%'
      where n.nspname = ${schema} and c.relkind in ('r', 'p') and c.relname not like 'kysely\\_%'
      group by c.relname`.execute(here.db);
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows)
      expect(row, row.table).toEqual({ table: row.table, triggers: 'souq_row_changed,souq_table_truncated' });
  });

  it('stays the same while nothing changes, even for an update that matched no row', async () => {
    const before = here.dataVersion!();
    await here.db.updateTable('users').set({ display_name: 'Nobody' }).where('id', '=', 'no-such-user').execute();
    await elsewhere.db.updateTable('users').set({ display_name: 'Nobody' }).where('id', '=', 'no-such-user').execute();
    await settle();
    expect(here.dataVersion!()).toBe(before);
  });

  it("changes as this process's own write returns, and as its transaction commits, not when it rolls back", async () => {
    let before = here.dataVersion!();
    await addUser(here, 'own-write');
    expect(here.dataVersion!()).not.toBe(before);
    await settle();

    before = here.dataVersion!();
    await expect(
      here.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ display_name: 'Never' }).where('id', '=', 'own-write').execute();
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await settle();
    expect(here.dataVersion!()).toBe(before);

    await here.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ display_name: 'Renamed' }).where('id', '=', 'own-write').execute();
      expect(here.dataVersion!()).toBe(before);
    });
    expect(here.dataVersion!()).not.toBe(before);
  });

  it("changes a moment after another instance's commit, and another schema's do not count", async () => {
    await settle();
    let before = here.dataVersion!();
    await addUser(elsewhere, 'their-write');
    await eventually(() => here.dataVersion!() !== before);

    const other = await createTestDatabase('postgres');
    const neighbour = openDatabase(other.config.database);
    try {
      await migrateToLatest(
        neighbour.db,
        other.config.database.kind === 'postgres' ? other.config.database.schema : '',
      );
      await settle();
      before = here.dataVersion!();
      await addUser(neighbour, 'next-door');
      await settle();
      expect(here.dataVersion!()).toBe(before);
    } finally {
      await neighbour.destroy();
      await other.drop();
    }
  });

  it('is never the same twice while it cannot listen, and listens again', async () => {
    const name = `souq-test-${schema}`;
    const version = pgDataVersion({ url, schema, retryMs: 50, applicationName: name });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      expect(version.version()).not.toBe(version.version());
      await eventually(() => version.version() === version.version());
      const seen = version.version();
      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [name]);
      await eventually(() => version.version() !== version.version());
      await eventually(() => version.version() === version.version());
      expect(version.version()).not.toBe(seen);
    } finally {
      await version.stop();
      await admin.end();
    }
  });
});
