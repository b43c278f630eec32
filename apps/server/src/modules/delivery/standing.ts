import crypto from 'node:crypto';
import { REFUSAL_DISPUTE_MS, REFUSAL_WINDOW_MS, MSG, type CodQueue, type CodStanding } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { committing } from '../../lib/after-commit.js';
import { DomainError } from '../../lib/errors.js';
import type { DeliveryDeps, Trx } from './deps.js';
import * as q from './queries.js';
import { tellBuyer } from './tell.js';
import { attemptView, later } from './views.js';

/**
 * Whether refusals at the door block a buyer's cash on delivery (issue 46): COD_MAX_REFUSALS that
 * count in 90 days do, until the oldest of the newest that many leaves the window. A refusal counts
 * once the 48 hours to dispute it have passed undisputed, or staff upheld the dispute; refusals
 * before staff last lifted the buyer's block never count again.
 */
export function createCodStanding(deps: DeliveryDeps) {
  const { db, clock } = deps;
  const max = deps.cod.maxRefusals;

  const refusals = (runner: Trx | DeliveryDeps['db'], buyerId?: string) =>
    q.countingRefusals(runner, {
      buyerId,
      windowStart: clock.iso(-REFUSAL_WINDOW_MS),
      undisputableBefore: clock.iso(-REFUSAL_DISPUTE_MS),
    });

  /** Newest first: the block ends when the max-th newest leaves the 90 days. */
  const untilOf = (counting: Array<{ created_at: string }>) =>
    counting.length >= max ? later(counting[max - 1]!.created_at, REFUSAL_WINDOW_MS) : null;

  async function blockedUntil(runner: Trx | DeliveryDeps['db'], buyerId: string): Promise<string | null> {
    return untilOf(await refusals(runner, buyerId));
  }

  async function queue(runner: Trx | DeliveryDeps['db'] = db): Promise<CodQueue> {
    const [waiting, all] = await Promise.all([q.disputesWaiting(runner), refusals(runner)]);
    const byBuyer = new Map<string, Array<{ created_at: string }>>();
    for (const r of all) byBuyer.set(r.buyer_id, [...(byBuyer.get(r.buyer_id) ?? []), r]);
    const blocked = [...byBuyer].flatMap(([buyerId, counting]) => {
      const until = untilOf(counting);
      return until ? [{ buyerId, refusals: counting.length, blockedUntil: until }] : [];
    });
    const ids = [...new Set([...waiting.flatMap((a) => [a.buyer_id, a.seller_id]), ...blocked.map((b) => b.buyerId)])];
    const [names, lines] = await Promise.all([
      deps.accounts.contactsOf(runner, ids),
      deps.orders.deliveryLines(
        waiting.map((a) => a.line_id),
        runner,
      ),
    ]);
    const person = (id: string) => ({ id, username: names.find((n) => n.id === id)?.username ?? '' });
    return {
      disputes: waiting.map((a) => ({
        ...attemptView(a),
        title: lines.find((l) => l.id === a.line_id)?.title ?? '',
        buyer: person(a.buyer_id),
        seller: person(a.seller_id),
      })),
      blocked: blocked.map((b) => ({ buyer: person(b.buyerId), refusals: b.refusals, blockedUntil: b.blockedUntil })),
    };
  }

  return {
    blockedUntil,
    queue: () => queue(),

    async standing(user: UserRow): Promise<CodStanding> {
      const [counting, openOrders] = await Promise.all([refusals(db, user.id), deps.orders.openOrdersOf(user.id)]);
      const until = untilOf(counting);
      return {
        allowed: !until && openOrders < deps.cod.maxOpenOrders,
        blockedUntil: until,
        refusals: counting.length,
        maxRefusals: max,
        openOrders,
        maxOpenOrders: deps.cod.maxOpenOrders,
        maxOrder: deps.cod.maxOrderFils,
      };
    },

    async decide(staff: UserRow, attemptId: string, input: { decision: 'stands' | 'withdrawn'; note: string }) {
      return committing(deps.db, async (trx, onCommit) => {
        const attempt = await q.attemptById(trx, attemptId);
        if (!attempt) throw new DomainError('NOT_FOUND', MSG.attemptNotFound);
        if (!(await q.decide(trx, attemptId, input.decision, clock.iso())))
          throw new DomainError('CONFLICT', MSG.refusalNotDisputed);
        await deps.accounts.recordStaffAction(trx, {
          staffId: staff.id,
          action: input.decision === 'stands' ? 'uphold_refusal' : 'withdraw_refusal',
          targetKind: 'delivery_attempt',
          targetId: attemptId,
          reason: input.note,
        });
        const [line] = await deps.orders.deliveryLines([attempt.line_id], trx);
        await tellBuyer(deps, trx, onCommit, {
          buyerId: attempt.buyer_id,
          lineId: attempt.line_id,
          notice: { kind: 'decided', decision: input.decision, title: line?.title ?? '' },
        });
        return queue(trx);
      });
    },

    /** Staff lift a block: the refusals so far stop counting; the audit log keeps why. */
    async lift(staff: UserRow, buyerId: string, reason: string): Promise<CodQueue> {
      return db.transaction().execute(async (trx) => {
        if (!(await blockedUntil(trx, buyerId))) throw new DomainError('CONFLICT', MSG.codNotBlocked);
        await q.insertLift(trx, {
          id: crypto.randomUUID(),
          buyer_id: buyerId,
          staff_id: staff.id,
          reason,
          lifted_at: clock.iso(),
        });
        await deps.accounts.recordStaffAction(trx, {
          staffId: staff.id,
          action: 'lift_cod_block',
          targetKind: 'user',
          targetId: buyerId,
          reason,
        });
        return queue(trx);
      });
    },
  };
}
