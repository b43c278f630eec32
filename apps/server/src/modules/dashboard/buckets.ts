import { DASHBOARD_BUCKETS, type DashboardRange } from '@souq/shared';
import { gulfDay, gulfMonday } from '../../lib/gulf-time.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The Gulf day `n` days after `day` (negative: before). Days are calendar dates: UTC arithmetic is exact. */
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The first day of `day`'s month, `n` months on (negative: back). */
const addMonths = (day: string, n: number) => {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * The first Gulf day of each bucket, oldest first, ending with the one holding `now`: the last 30
 * days, the last 12 weeks (Monday to Sunday, as the UAE's working week runs since 2022), or the
 * last 12 calendar months.
 */
export function bucketStarts(by: DashboardRange, now: Date): string[] {
  const today = gulfDay(now);
  const count = DASHBOARD_BUCKETS[by];
  const last = by === 'day' ? today : by === 'week' ? gulfMonday(today) : addMonths(today, 0);
  const step = (n: number) => (by === 'month' ? addMonths(last, n) : addDays(last, by === 'week' ? 7 * n : n));
  return Array.from({ length: count }, (_, i) => step(i - (count - 1)));
}

/** Sums per-day figures into the buckets: a day belongs to the last bucket starting on or before it. */
export function fillBuckets<T extends Record<string, number>>(
  starts: string[],
  days: Array<{ day: string; figures: T }>,
  zero: () => T,
): Array<{ start: string } & T> {
  const buckets = starts.map((start) => ({ start, ...zero() }));
  for (const { day, figures } of days) {
    let i = buckets.length - 1;
    while (i >= 0 && buckets[i]!.start > day) i--;
    if (i < 0) continue;
    const bucket = buckets[i] as Record<string, number | string>;
    for (const key in figures) bucket[key] = (bucket[key] as number) + figures[key]!;
  }
  return buckets;
}
