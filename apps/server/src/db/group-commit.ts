import { CompiledQuery, type Kysely, type Transaction } from 'kysely';

/** Runs `work` in a transaction of its own, or of a group; resolves once that transaction has committed. */
export type GroupedTransaction<D> = <T>(lane: string, work: (trx: Transaction<D>) => Promise<T>, rank?: number) => Promise<T>;

interface Job<D> {
  rank: number;
  work: (trx: Transaction<D>) => Promise<unknown>;
  settle: (outcome: { ok: true; value: unknown } | { ok: false; error: unknown }) => void;
}

const SAVEPOINT = CompiledQuery.raw('savepoint grouped');
const ROLLBACK_TO = CompiledQuery.raw('rollback to savepoint grouped');
const RELEASE = CompiledQuery.raw('release savepoint grouped');

/**
 * Group commit: units of work that arrive while their lane's previous group is committing run
 * together in one transaction, each inside its own savepoint, so one that throws takes back only
 * its own writes and its neighbours still commit. Nobody hears back before the commit, so an
 * answer never announces something that could still be lost; a failed commit fails every unit in
 * the group.
 *
 * A commit (the write-ahead log append, the lock hand-over, on PostgreSQL the flush) costs more
 * than a bid's own statements, and a hot auction's bids queue behind one another anyway; paying
 * it once per group instead of once per bid is what lets one auction take thousands of bids a
 * second. A lane is what the units contend for (an auction): groups of different lanes run side
 * by side, and on PostgreSQL each group holds its own row locks only.
 *
 * Units that arrived together have no order between them; `rank` gives them one (lowest first).
 *
 * `maxGroup` bounds how long a group keeps the connection (SQLite has only one), and keeps a
 * PostgreSQL transaction under 64 subtransactions, past which every other session's snapshot
 * checks slow down (the per-backend subtransaction cache overflows).
 */
export function groupCommit<D>(db: Kysely<D>, maxGroup = 32): GroupedTransaction<D> {
  const lanes = new Map<string, Job<D>[]>();

  async function drain(lane: string, queue: Job<D>[]): Promise<void> {
    while (queue.length) {
      // Stable: equal ranks keep their order of arrival.
      const group = queue.splice(0, maxGroup).sort((a, b) => a.rank - b.rank);
      const outcomes: Array<Parameters<Job<D>['settle']>[0]> = [];
      try {
        await db.transaction().execute(async (trx) => {
          // Alone in its group, a unit that throws rolls the whole transaction back: no savepoint needed.
          if (group.length === 1) {
            outcomes.push({ ok: true, value: await group[0]!.work(trx) });
            return;
          }
          for (const job of group) {
            await trx.executeQuery(SAVEPOINT);
            try {
              outcomes.push({ ok: true, value: await job.work(trx) });
            } catch (error) {
              await trx.executeQuery(ROLLBACK_TO);
              outcomes.push({ ok: false, error });
            }
            await trx.executeQuery(RELEASE);
          }
        });
      } catch (error) {
        for (const job of group) job.settle({ ok: false, error });
        continue;
      }
      group.forEach((job, i) => job.settle(outcomes[i]!));
    }
    lanes.delete(lane);
  }

  return <T>(lane: string, work: (trx: Transaction<D>) => Promise<T>, rank = 0) =>
    new Promise<T>((resolve, reject) => {
      const job: Job<D> = { rank, work, settle: (o) => (o.ok ? resolve(o.value as T) : reject(o.error)) };
      const queue = lanes.get(lane);
      if (queue) {
        queue.push(job);
        return;
      }
      const fresh = [job];
      lanes.set(lane, fresh);
      // The group starts after this turn of the event loop, so it takes every unit whose request
      // arrived in the same turn. On SQLite nothing else would ever join it: each statement returns
      // at once, so a request runs from its first byte to its commit without yielding.
      setImmediate(() => void drain(lane, fresh));
    });
}
