import type { Clock } from '../lib/clock.js';
import {
  MY_ORDERS,
  buyerUnpaidNews,
  reminderNews,
  sellerLink,
  sellersOf,
  titleOf,
  unpaidNews,
  type UnpaidWinFlow,
} from '../modules/auctions/port.js';
import type { OrdersPort } from '../modules/orders/port.js';

const HOUR = 3600_000;
/** The reminders before a won order's deadline (issue 31), the nearer first: see claimReminder. */
const REMINDERS = [
  { which: 'hours', aheadMs: 2 * HOUR },
  { which: 'day', aheadMs: 24 * HOUR },
] as const;
const SWEEP_BATCH = 50;

export interface UnpaidWinDeps {
  clock: Clock;
  orders: Pick<
    OrdersPort,
    'claimWinReminder' | 'partiesOf' | 'cancelUnpaid' | 'upcomingWinDeadlines' | 'dueWinReminders' | 'dueUnpaidOrders'
  >;
}

/**
 * Winners who don't pay (issue 31, ADR 0037): reminders before a won order's deadline, and past it
 * the order cancelled as unpaid, with a strike, the winner and the sellers told. The orders are
 * orders', changed only through their port's conditional updates; the strike and the news are
 * auctions', which completes the flow with them, all in one transaction.
 */
export function unpaidWinFlow(deps: UnpaidWinDeps): UnpaidWinFlow {
  const { clock, orders } = deps;
  return ({ tell, inTransaction, strike }) => {
    async function remind(orderId: string, which: 'day' | 'hours'): Promise<void> {
      await inTransaction(async (trx, onCommit) => {
        if (!(await orders.claimWinReminder(trx, orderId, which))) return;
        const parties = await orders.partiesOf(trx, orderId);
        const first = parties[0];
        if (!first?.complete_by) return;
        await tell(trx, onCommit, [
          {
            userId: first.buyer_id,
            kind: 'win_reminder',
            subject: orderId,
            link: MY_ORDERS,
            words: (l) => reminderNews(l, titleOf(parties), first.complete_by!),
            mail: true,
          },
        ]);
      });
    }

    /** Past the deadline: cancelled as unpaid, one strike, winner and sellers told; nothing if the address came first. */
    async function cancelUnpaid(orderId: string): Promise<void> {
      await inTransaction(async (trx, onCommit) => {
        if (!(await orders.cancelUnpaid(trx, orderId))) return;
        const parties = await orders.partiesOf(trx, orderId);
        const first = parties[0];
        if (!first) return;
        const title = titleOf(parties);
        await strike(trx, first.buyer_id, orderId, title);
        await tell(trx, onCommit, [
          {
            userId: first.buyer_id,
            kind: 'win_unpaid',
            subject: orderId,
            link: MY_ORDERS,
            words: (l) => unpaidNews(l, title),
            mail: true,
          },
          ...sellersOf(parties).map((sellerId) => ({
            userId: sellerId,
            kind: 'buyer_unpaid' as const,
            subject: orderId,
            link: sellerLink(parties),
            words: (l: 'en' | 'ar') => buyerUnpaidNews(l, title),
            mail: true,
          })),
        ]);
      });
    }

    /** How long until the next reminder or deadline among waiting orders (the sweep sleeps until then). */
    async function nextDueMs(): Promise<number> {
      const now = clock.now().getTime();
      let next = Number.POSITIVE_INFINITY;
      for (const row of await orders.upcomingWinDeadlines()) {
        const end = Date.parse(row.complete_by!);
        next = Math.min(next, end);
        if (!row.reminded_hours_at) next = Math.min(next, end - 2 * HOUR);
        if (!row.reminded_day_at) next = Math.min(next, end - 24 * HOUR);
      }
      return Math.max(0, next - now);
    }

    return {
      /** The job's one run: reminders, then cancels; returns how soon the next is due. */
      async sweep(): Promise<number> {
        for (const { which, aheadMs } of REMINDERS)
          for (const { id } of await orders.dueWinReminders(which, aheadMs, SWEEP_BATCH)) await remind(id, which);
        const due = await orders.dueUnpaidOrders(SWEEP_BATCH);
        for (const { id } of due) await cancelUnpaid(id);
        return due.length === SWEEP_BATCH ? 0 : nextDueMs();
      },
    };
  };
}
