import { CompiledQuery, type Kysely, type Transaction } from 'kysely';

/** What a unit of work may ask of the group it runs in. */
export interface GroupedUnit {
  /** Runs `fn` once the unit's writes have committed; never if they were taken back. */
  onCommit(fn: () => void): void;
  /**
   * The unit counts only if its group commits before `deadlineMs` (by the group's clock). A group
   * that would commit later is taken back whole: this unit fails with `refusal()`, and the other
   * units run again in the next group, since what they decided may have rested on this one.
   */
  commitBy(deadlineMs: number, refusal: () => unknown): void;
}

/** Runs `work` in a transaction of its own, or of a group; resolves once that transaction has committed. */
export type GroupedTransaction<D> = <T>(lane: string, work: (trx: Transaction<D>, unit: GroupedUnit) => Promise<T>, rank?: number) => Promise<T>;

interface Job<D> {
  rank: number;
  work: (trx: Transaction<D>, unit: GroupedUnit) => Promise<unknown>;
  settle: (outcome: Outcome) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** One run of a job in a group: what it answered, what waits for the commit, what it must beat. */
interface Run {
  outcome?: Outcome;
  afterCommit: Array<() => void>;
  deadline?: { ms: number; refusal: () => unknown };
}

const SAVEPOINT = CompiledQuery.raw('savepoint grouped');
const ROLLBACK_TO = CompiledQuery.raw('rollback to savepoint grouped');
const RELEASE = CompiledQuery.raw('release savepoint grouped');

class DeadlineMissed extends Error {}

function unitOf(run: Run): GroupedUnit {
  return {
    onCommit: (fn) => void run.afterCommit.push(fn),
    commitBy: (ms, refusal) => {
      if (!run.deadline || ms < run.deadline.ms) run.deadline = { ms, refusal };
    },
  };
}

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
 * `now` is the clock deadlines are held to.
 *
 * `maxGroup` bounds how long a group keeps the connection (SQLite has only one), and keeps a
 * PostgreSQL transaction under 64 subtransactions, past which every other session's snapshot
 * checks slow down (the per-backend subtransaction cache overflows).
 */
export function groupCommit<D>(db: Kysely<D>, now: () => number, maxGroup = 32): GroupedTransaction<D> {
  const lanes = new Map<string, Job<D>[]>();

  /** Runs one group; answers the jobs to run again (none unless a deadline was missed). */
  async function runGroup(group: Job<D>[]): Promise<Job<D>[]> {
    const runs: Run[] = group.map(() => ({ afterCommit: [] }));
    try {
      await db.transaction().execute(async (trx) => {
        // Alone in its group, a unit that throws rolls the whole transaction back: no savepoint needed.
        const alone = group.length === 1;
        for (const [i, job] of group.entries()) {
          const run = runs[i]!;
          if (!alone) await trx.executeQuery(SAVEPOINT);
          try {
            run.outcome = { ok: true, value: await job.work(trx, unitOf(run)) };
          } catch (error) {
            if (alone) throw error;
            await trx.executeQuery(ROLLBACK_TO);
            run.outcome = { ok: false, error };
            run.afterCommit = [];
            run.deadline = undefined;
          }
          if (!alone) await trx.executeQuery(RELEASE);
        }
        const at = now();
        if (runs.some((r) => r.deadline && r.deadline.ms <= at)) throw new DeadlineMissed();
      });
    } catch (error) {
      if (!(error instanceof DeadlineMissed)) {
        for (const job of group) job.settle({ ok: false, error });
        return [];
      }
      const again: Job<D>[] = [];
      group.forEach((job, i) => {
        const deadline = runs[i]!.deadline;
        if (deadline && deadline.ms <= now()) job.settle({ ok: false, error: deadline.refusal() });
        else again.push(job);
      });
      return again;
    }
    group.forEach((job, i) => {
      const run = runs[i]!;
      try {
        if (run.outcome!.ok) for (const fn of run.afterCommit) fn();
        job.settle(run.outcome!);
      } catch (error) {
        // As with a lone transaction's after-commit work: its caller hears of the failure, the
        // group goes on.
        job.settle({ ok: false, error });
      }
    });
    return [];
  }

  async function drain(lane: string, queue: Job<D>[]): Promise<void> {
    while (queue.length) {
      // Stable: equal ranks keep their order of arrival.
      const group = queue.splice(0, maxGroup).sort((a, b) => a.rank - b.rank);
      queue.unshift(...(await runGroup(group)));
    }
    lanes.delete(lane);
  }

  return <T>(lane: string, work: (trx: Transaction<D>, unit: GroupedUnit) => Promise<T>, rank = 0) =>
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
