import type { DeliveryStats } from '@souq/shared';
import { gulfDay, gulfMonday } from '../../lib/gulf-time.js';
import type { DeliveryDeps } from './deps.js';
import * as q from './queries.js';

const WEEKS = 12;
const DAY_MS = 86_400_000;

/** The Gulf Monday of the week `at` falls in, YYYY-MM-DD. */
const gulfWeek = (at: string): string => gulfMonday(gulfDay(at));

/**
 * A seller's delivery record by Gulf week, the last 12 weeks that had attempts: every attempt, the
 * lines first attempted that week and how many of those the first attempt delivered, and refusals.
 */
export async function deliveryStats(
  deps: Pick<DeliveryDeps, 'db' | 'clock'>,
  sellerId: string,
): Promise<DeliveryStats> {
  const since = `${gulfWeek(deps.clock.iso(-(WEEKS - 1) * 7 * DAY_MS))}T00:00:00+04:00`;
  const attempts = await q.sellerAttemptsSince(deps.db, sellerId, new Date(since).toISOString());
  const firsts = new Map(
    (await q.firstAttemptsOf(deps.db, [...new Set(attempts.map((a) => a.line_id))])).map((f) => [f.line_id, f.first]),
  );
  const weeks = new Map<string, DeliveryStats['weeks'][number]>();
  for (const a of attempts) {
    const weekStart = gulfWeek(a.created_at);
    const week = weeks.get(weekStart) ?? {
      weekStart,
      attempts: 0,
      firstAttemptDelivered: 0,
      firstAttempts: 0,
      refusals: 0,
    };
    week.attempts += 1;
    if (a.outcome === 'refused') week.refusals += 1;
    // Only a line's very first attempt says whether it arrived the first time.
    if (firsts.get(a.line_id) === a.created_at) {
      week.firstAttempts += 1;
      if (a.outcome === 'delivered') week.firstAttemptDelivered += 1;
      firsts.delete(a.line_id);
    }
    weeks.set(weekStart, week);
  }
  return { weeks: [...weeks.values()].sort((x, y) => (x.weekStart < y.weekStart ? -1 : 1)) };
}
