import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { ORDERS_PATH } from './emails.js';
import * as q from './queries.js';
import { tellingSteps, type TellDeps } from './tell.js';

/** Problems told about per run; the job runs again at once while there are more. */
const UNANSWERED_BATCH = 100;

/** The job that tells a buyer when their seller let a problem's answer time pass. */
export function createUnansweredTelling(deps: TellDeps & { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;
  const inStep = tellingSteps(deps);

  const untilNextDeadline = async (): Promise<number | void> => {
    const next = (await q.nextAnswerBy(db, clock.iso()))?.next;
    // An answer is late once `answer_by` is behind the clock, so the job wakes 1 ms after it.
    if (next) return Math.max(0, Date.parse(next) - clock.now().getTime()) + 1;
  };

  return {
    /**
     * Tells each buyer whose seller let the answer time pass that Souq staff may now decide. Each
     * problem is claimed with a conditional update in the transaction that rings the bell, so
     * several instances tell a buyer once; the mail goes after the commit. Returns how soon to
     * run again: at once while a full batch was found, else just after the next deadline.
     */
    async tellUnanswered(): Promise<number | void> {
      const due = await q.unansweredUntold(db, clock.iso(), UNANSWERED_BATCH);
      for (const row of due) {
        await inStep(async (trx) => {
          if (!(await q.markUnansweredTold(trx, row.id, clock.iso()))) return [];
          const notice = { kind: 'unanswered' as const, title: row.title, seller: row.seller_username };
          return [{ userId: row.buyer_id, subject: row.id, notice, path: ORDERS_PATH }];
        });
      }
      return due.length === UNANSWERED_BATCH ? 0 : untilNextDeadline();
    },
  };
}
