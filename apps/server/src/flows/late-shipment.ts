import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import type { AccountsPort } from '../modules/accounts/port.js';
import { ORDERS_PATH, SALES_PATH, type LateShipmentFlow } from '../modules/aftersale/port.js';
import type { OrdersPort } from '../modules/orders/port.js';

export interface LateShipmentDeps {
  db: Kysely<DB>;
  clock: Clock;
  orders: Pick<OrdersPort, 'lateLinesUntold' | 'markLate' | 'nextShipBy' | 'cancelLate'>;
  accounts: Pick<AccountsPort, 'contactsOf'>;
}

/** Lines told about per run; the job runs again at once while there are more. */
const BATCH = 100;

/**
 * The shipping deadline (issue 31): a line not shipped by its `ship_by` is late. The job tells its
 * buyer once (bell and mail); the buyer may then cancel it, and its seller is told. The lines are
 * orders'; the telling is after-sale's, which completes the flow with it.
 */
export function lateShipmentFlow(deps: LateShipmentDeps): LateShipmentFlow {
  const { db, orders } = deps;

  const untilNext = async (): Promise<number | void> => {
    const next = await orders.nextShipBy();
    if (next) return Math.max(0, Date.parse(next) - deps.clock.now().getTime());
  };

  const usernames = async (ids: string[]) =>
    new Map((await deps.accounts.contactsOf(db, ids)).map((c) => [c.id, c.username]));

  return (inStep) => ({
    /**
     * Each line is claimed with a conditional update in the transaction that rings the bell, so two
     * instances never tell one buyer twice. Returns how soon to run again: at once while a full
     * batch was found, else at the next deadline (the runner's interval caps it, and catches
     * orders placed meanwhile).
     */
    async tellLate(): Promise<number | void> {
      const due = await orders.lateLinesUntold(BATCH);
      if (!due.length) return untilNext();
      const sellers = await usernames([...new Set(due.map((l) => l.seller_id))]);
      for (const line of due) {
        await inStep(async (trx) => {
          if (!(await orders.markLate(trx, line.id))) return [];
          const notice = { kind: 'late' as const, title: line.title, seller: sellers.get(line.seller_id) ?? '' };
          return [{ userId: line.buyer_id, subject: line.id, notice, path: ORDERS_PATH }];
        });
      }
      return due.length === BATCH ? 0 : untilNext();
    },

    async cancelLate(buyer, lineId) {
      await inStep(async (trx) => {
        const line = await orders.cancelLate(trx, buyer.id, lineId);
        const notice = { kind: 'cancelled' as const, title: line.title, buyer: buyer.username };
        return [{ userId: line.seller_id, subject: line.id, notice, path: SALES_PATH }];
      });
      return { ok: true };
    },
  });
}
