import {
  FAILED_ATTEMPTS_TO_CANCEL,
  FAILED_OUTCOMES,
  REFUSAL_DISPUTE_MS,
  type DeliveryAttemptView,
  type DeliveryOutcome,
  type LineDelivery,
} from '@souq/shared';
import type { DeliveryDeps, Trx } from './deps.js';
import * as q from './queries.js';

/** The instant `ms` after `iso`. */
export const later = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

export const isFailed = (outcome: string) => FAILED_OUTCOMES.includes(outcome as DeliveryOutcome);

export function attemptView(row: q.AttemptRow): DeliveryAttemptView {
  return {
    id: row.id,
    lineId: row.line_id,
    outcome: row.outcome as DeliveryOutcome,
    reason: row.reason,
    createdAt: row.created_at,
    reply: row.replied_at
      ? { note: row.reply_note ?? '', at: row.replied_at, addressChanged: row.address_changed === 1 }
      : null,
    dispute: row.disputed_at
      ? {
          note: row.dispute_note ?? '',
          at: row.disputed_at,
          decision: row.decision as 'stands' | 'withdrawn' | null,
          decidedAt: row.decided_at,
        }
      : null,
    disputeUntil: row.outcome === 'refused' ? later(row.created_at, REFUSAL_DISPUTE_MS) : null,
  };
}

/** Lines as their delivery panel shows them: attempts oldest first, and what the seller may do next. */
export async function lineDeliveries(
  deps: Pick<DeliveryDeps, 'db' | 'orders'>,
  lineIds: string[],
  runner: Trx | DeliveryDeps['db'] = deps.db,
): Promise<LineDelivery[]> {
  const [lines, attempts] = await Promise.all([
    deps.orders.deliveryLines(lineIds, runner),
    q.attemptsOfLines(runner, lineIds),
  ]);
  const byId = new Map(lines.map((l) => [l.id, l]));
  return lineIds.flatMap((lineId) => {
    const line = byId.get(lineId);
    if (!line) return [];
    const mine = attempts.filter((a) => a.line_id === lineId);
    const failedAttempts = mine.filter((a) => isFailed(a.outcome)).length;
    const enough = failedAttempts >= FAILED_ATTEMPTS_TO_CANCEL;
    return [
      {
        lineId,
        orderId: line.order_id,
        title: line.title,
        attempts: mine.map(attemptView),
        failedAttempts,
        canCancelAsFailed: enough && line.status === 'shipped',
        deliveryFailed: enough && line.status === 'cancelled',
      },
    ];
  });
}
