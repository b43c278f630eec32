import { sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../../test/support.js';
import { openDatabase, type Database } from './database.js';
import { groupCommit } from './group-commit.js';

interface Scratch {
  parents: { id: number };
  children: { id: number; parent_id: number };
}

describe.each(DIALECTS)('group commit (%s)', (dialect) => {
  let test: TestDatabase;
  let database: Database;
  let db: Kysely<Scratch>;
  let clockMs = 0;
  const now = () => clockMs;

  beforeEach(async () => {
    clockMs = 0;
    test = await createTestDatabase(dialect);
    if (test.config.database.kind === 'postgres') {
      const { url, schema } = test.config.database;
      const setup = openDatabase({ kind: 'postgres', url });
      await sql.raw(`create schema ${schema}`).execute(setup.db);
      await setup.destroy();
    }
    database = openDatabase(test.config.database);
    db = database.db as unknown as Kysely<Scratch>;
    await sql`create table parents (id integer primary key)`.execute(db);
    // Checked only at commit: a unit can finish well and still make its group's commit fail.
    await sql`create table children (id integer primary key, parent_id integer not null references parents (id) deferrable initially deferred)`.execute(db);
  });
  afterEach(async () => {
    await database.destroy();
    await test.drop();
  });

  const stored = async () => (await db.selectFrom('parents').select('id').orderBy('id').execute()).map((r) => r.id);
  const insert = (id: number) => (trx: Kysely<Scratch>) => trx.insertInto('parents').values({ id }).execute().then(() => id);

  it('runs the units that arrive together in one transaction, and answers none of them before it commits', async () => {
    const inLane = groupCommit(db, now);
    const log: string[] = [];
    const units = [1, 2, 3, 4].map((id) =>
      inLane('a', async (trx) => {
        log.push(`ran ${id}`);
        await insert(id)(trx);
        // Each unit sees the writes of those before it: they share one transaction.
        return (await trx.selectFrom('parents').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
      }).then((seen) => log.push(`answered ${id} after seeing ${Number(seen)}`)),
    );
    await Promise.all(units);
    expect(log).toEqual(['ran 1', 'ran 2', 'ran 3', 'ran 4', 'answered 1 after seeing 1', 'answered 2 after seeing 2', 'answered 3 after seeing 3', 'answered 4 after seeing 4']);
    expect(await stored()).toEqual([1, 2, 3, 4]);
  });

  it('takes back only the writes of a unit that throws; its neighbours commit', async () => {
    const inLane = groupCommit(db, now);
    const refused = new Error('refused');
    const outcomes = await Promise.allSettled([
      inLane('a', insert(1)),
      inLane('a', async (trx) => {
        await insert(2)(trx);
        throw refused;
      }),
      // A statement the database refuses (a duplicate key) spoils no one else's work either, on PostgreSQL included.
      inLane('a', insert(1)),
      inLane('a', insert(3)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBe(refused);
    expect(await stored()).toEqual([1, 3]);
  });

  it('fails every unit of a group whose commit fails, and stores nothing of it', async () => {
    const inLane = groupCommit(db, now);
    const outcomes = await Promise.allSettled([
      inLane('a', insert(1)),
      inLane('a', (trx) => trx.insertInto('children').values({ id: 1, parent_id: 99 }).execute()),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    expect(await stored()).toEqual([]);
    // The lane is not stuck: the next unit commits.
    await inLane('a', insert(5));
    expect(await stored()).toEqual([5]);
  });

  it('rolls back a lone unit that throws', async () => {
    const inLane = groupCommit(db, now);
    await expect(
      inLane('a', async (trx) => {
        await insert(1)(trx);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await stored()).toEqual([]);
  });

  it('orders the units that arrived together by rank, keeping arrival order between equals', async () => {
    const inLane = groupCommit(db, now);
    const order: string[] = [];
    const unit = (name: string) => async () => void order.push(name);
    await Promise.all([inLane('a', unit('c30'), 30), inLane('a', unit('a10'), 10), inLane('a', unit('b20'), 20), inLane('a', unit('d10'), 10)]);
    expect(order).toEqual(['a10', 'd10', 'b20', 'c30']);
  });

  it('keeps a group to its lane and to its maximum size', async () => {
    const inLane = groupCommit(db, now, 2);
    // Units of one group are handed the same transaction.
    const groups = new Map<unknown, string[]>();
    const unit = (name: string) => async (trx: Kysely<Scratch>) => void groups.set(trx, [...(groups.get(trx) ?? []), name]);
    await Promise.all([inLane('a', unit('a1')), inLane('b', unit('b1')), inLane('a', unit('a2')), inLane('a', unit('a3')), inLane('b', unit('b2'))]);
    expect([...groups.values()].sort()).toEqual([['a1', 'a2'], ['a3'], ['b1', 'b2']]);
  });

  it('runs a unit’s after-commit work once it has committed, and never for a unit taken back', async () => {
    const inLane = groupCommit(db, now);
    const ran: string[] = [];
    const outcomes = await Promise.allSettled([
      inLane('a', async (trx, unit) => {
        unit.onCommit(() => ran.push('kept'));
        await insert(1)(trx);
      }),
      inLane('a', async (_trx, unit) => {
        unit.onCommit(() => ran.push('taken back'));
        throw new Error('refused');
      }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    expect(ran).toEqual(['kept']);
  });

  it('fails only the unit whose after-commit work throws; the group and the lane go on', async () => {
    const inLane = groupCommit(db, now);
    const outcomes = await Promise.allSettled([
      inLane('a', async (trx, unit) => {
        unit.onCommit(() => {
          throw new Error('broken listener');
        });
        await insert(1)(trx);
      }),
      inLane('a', insert(2)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled']);
    await inLane('a', insert(3));
    expect(await stored()).toEqual([1, 2, 3]);
  });

  it('refuses a unit whose group would commit after its deadline, and runs the others again without it', async () => {
    const inLane = groupCommit(db, now);
    clockMs = 1000;
    const tooLate = new Error('too late');
    const runsOfSecond: number[][] = [];
    const outcomes = await Promise.allSettled([
      inLane('a', async (trx, unit) => {
        unit.commitBy(1001, () => tooLate);
        await insert(1)(trx);
      }),
      inLane('a', async (trx) => {
        // What this unit decides rests on the first one's write, which will be taken back.
        runsOfSecond.push((await trx.selectFrom('parents').select('id').execute()).map((r) => r.id));
        await insert(2)(trx);
        clockMs = 1001;
      }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled']);
    expect((outcomes[0] as PromiseRejectedResult).reason).toBe(tooLate);
    expect(runsOfSecond).toEqual([[1], []]);
    expect(await stored()).toEqual([2]);
  });

  it('holds a lone unit to its deadline too', async () => {
    const inLane = groupCommit(db, now);
    clockMs = 5000;
    await expect(
      inLane('a', async (trx, unit) => {
        unit.commitBy(5000, () => new Error('ended'));
        await insert(1)(trx);
      }),
    ).rejects.toThrow('ended');
    expect(await stored()).toEqual([]);
    await inLane('a', async (trx, unit) => {
      unit.commitBy(5001, () => new Error('ended'));
      await insert(2)(trx);
    });
    expect(await stored()).toEqual([2]);
  });
});
