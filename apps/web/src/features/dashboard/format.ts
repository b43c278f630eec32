import { intlLocale, type DashboardRange, type Locale } from '@souq/shared';
import type uPlot from 'uplot';
import { CHART_COLORS } from './UChart';

const formats = new Map<string, Intl.DateTimeFormat>();
/** A bucket's first day ("2026-11-23") is a calendar date: formatted in UTC, it stays that day. */
function dayFormat(locale: Locale, options: Intl.DateTimeFormatOptions) {
  const key = `${locale}${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format)
    formats.set(key, (format = new Intl.DateTimeFormat(intlLocale(locale), { timeZone: 'UTC', ...options })));
  return format;
}

/** "28 Nov", "Nov 2026": a sales bucket as the chart's axis and table name it. */
export function bucketLabel(start: string, by: DashboardRange, locale: Locale): string {
  const date = Date.parse(`${start}T00:00:00Z`);
  return by === 'month'
    ? dayFormat(locale, { month: 'short', year: 'numeric' }).format(date)
    : dayFormat(locale, { day: 'numeric', month: 'short' }).format(date);
}

/** "27 Nov" in Gulf time: an instant on a crowded axis (the table gives the year). */
export const gulfDayShort = (iso: string, locale: Locale) =>
  dayFormat(locale, { day: 'numeric', month: 'short', timeZone: 'Asia/Dubai' }).format(Date.parse(iso));

/** "27 Nov, 18:33" in Gulf time: a bid on the time axis (the table gives its seconds). */
export const gulfDayTime = (iso: string, locale: Locale) =>
  dayFormat(locale, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Asia/Dubai',
  }).format(Date.parse(iso));

/** "1.2K": an axis's figure, short. Amounts are given in fils and shown in dirhams. */
export const compact = (locale: Locale, n: number) =>
  new Intl.NumberFormat(intlLocale(locale), { notation: 'compact', maximumFractionDigits: 1 }).format(n);

/** A whole number as the page's language writes it ("1,234"). */
export const count = (locale: Locale, n: number) => new Intl.NumberFormat(intlLocale(locale)).format(n);

/** A share as a percentage ("67%"). */
export const percent = (locale: Locale, share: number) =>
  new Intl.NumberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits: 0 }).format(share);

/** Cuts a product's title for an axis; the table holds it whole. */
export const short = (text: string, max = 16) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

const AXIS = { stroke: '#52606d', grid: { stroke: '#e3e8ec', width: 1 }, ticks: { show: false } } as const;

/** An axis in the house's colours; `values` names its ticks. */
export const axis = (extra: uPlot.Axis = {}): uPlot.Axis => ({ ...AXIS, font: '12px system-ui, sans-serif', ...extra });

/** The left axis of a chart whose bars are amounts (fils): dirhams, short. */
export const moneyAxis = (locale: Locale): uPlot.Axis =>
  axis({ scale: 'aed', size: 48, values: (_u, splits) => splits.map((v) => compact(locale, v / 100)) });

/** The right axis of a count drawn over amounts: whole numbers only, and no grid of its own. */
export const countAxis = (locale: Locale): uPlot.Axis =>
  axis({
    scale: 'n',
    side: 1,
    size: 36,
    grid: { show: false },
    values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? count(locale, v) : '')),
  });

/**
 * `n` categories at 0..n-1, each with half a slot of room either side for its bar. Fixed from `n`,
 * not from the data: uPlot spreads a lone point over a range of its own choosing.
 */
export const categoryScale = (n: number): uPlot.Scale => ({
  time: false,
  range: () => [-0.5, Math.max(1, n) - 0.5],
});

/** The ticks of a category axis: one per category, named by `label`. */
export const categoryTicks = (n: number, label: (i: number) => string): Pick<uPlot.Axis, 'splits' | 'values'> => ({
  splits: () => Array.from({ length: n }, (_, i) => i),
  values: (_u, splits) => splits.map((i) => label(i)),
});

/** Options every dashboard chart shares: no legend (the table has the numbers), a cursor without drag-to-zoom. */
export const baseOptions = (): Pick<uPlot.Options, 'legend' | 'cursor' | 'padding'> => ({
  legend: { show: false },
  cursor: { drag: { x: false, y: false }, points: { size: 8 } },
  padding: [12, 12, 0, 0],
});

export { CHART_COLORS };
