import { intlLocale, MSG, type Locale } from '@souq/shared';

/** Souq shows times as the Gulf reads them: Asia/Dubai (UTC+4, no daylight saving). */
const GULF_TIME_ZONE = 'Asia/Dubai';
const GULF_OFFSET = '+04:00';
const GULF_OFFSET_MS = 4 * 3600_000;

/**
 * Formatters are built on first use, not when the module loads: the first DateTimeFormat with a
 * time zone costs 15–40 ms in a fresh tab (ICU loads its zone data), and the shell imports this
 * module on every page, most of which show no date (issue 11: total blocking time).
 */
function onFirstUse<T>(make: (locale: Locale) => T): (locale: Locale) => T {
  const made = new Map<Locale, T>();
  return (locale) => {
    let formatter = made.get(locale);
    if (formatter === undefined) made.set(locale, (formatter = make(locale)));
    return formatter;
  };
}

/** English as en-GB ("21 Nov 2026"), Arabic as the Emirates write it with Western digits ("21 نوفمبر 2026"). */
const gulfFormat = (options: Intl.DateTimeFormatOptions) =>
  onFirstUse(
    (locale) => new Intl.DateTimeFormat(intlLocale(locale), { timeZone: GULF_TIME_ZONE, hourCycle: 'h23', ...options }),
  );
/** What follows a date and time to say it is the Gulf's: "GST" in English. */
const GULF_TIME: Record<Locale, string> = { en: 'GST', ar: 'بتوقيت الخليج' };
const dateTime = gulfFormat({
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
const shortDateTime = gulfFormat({
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});
const clockTime = gulfFormat({ hour: '2-digit', minute: '2-digit', second: '2-digit' });
const dateOnly = gulfFormat({ day: 'numeric', month: 'short', year: 'numeric' });

function parse(iso: string): number | null {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? t : null;
}

/**
 * "Sat, 21 Nov 2026, 14:00 GST" ("السبت، 21 نوفمبر 2026، 14:00 بتوقيت الخليج"); a date that does
 * not parse shows 'Invalid date' (MSG, which `m` puts in the page's language) rather than a wrong one.
 */
export function formatGulfDateTime(iso: string, locale: Locale): string {
  const t = parse(iso);
  return t === null ? MSG.invalidDate : `${dateTime(locale).format(t)} ${GULF_TIME[locale]}`;
}

/** "21 Nov, 14:02:09" in Gulf time: when a bid was placed. */
export function formatGulfShort(iso: string, locale: Locale): string {
  const t = parse(iso);
  return t === null ? MSG.invalidDate : shortDateTime(locale).format(t);
}

/** "21 Nov 2026" in Gulf time: when a review was written. */
export function formatGulfDate(iso: string, locale: Locale): string {
  const t = parse(iso);
  return t === null ? MSG.invalidDate : dateOnly(locale).format(t);
}

/** "14:02:09" in Gulf time. */
export function formatGulfClock(iso: string, locale: Locale): string {
  const t = parse(iso);
  return t === null ? MSG.invalidDate : clockTime(locale).format(t);
}

/** A datetime-local value ("2026-11-21T14:00"), read as Gulf time, as ISO-8601 with its offset; null if incomplete. */
export function gulfInputToIso(value: string): string | null {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value) && Number.isFinite(Date.parse(`${value}:00${GULF_OFFSET}`))
    ? `${value}:00${GULF_OFFSET}`
    : null;
}

/** An instant as a datetime-local value in Gulf time, e.g. for the picker's min. */
export function gulfInputValue(ms: number): string {
  return new Date(ms + GULF_OFFSET_MS).toISOString().slice(0, 16);
}

const relative = onFirstUse(
  (locale) => new Intl.RelativeTimeFormat(locale === 'ar' ? intlLocale(locale) : 'en', { numeric: 'auto' }),
);
const JUST_NOW: Record<Locale, string> = { en: 'just now', ar: 'الآن' };

/** "just now", "5 minutes ago", "yesterday" ("الآن"، "قبل 5 دقائق"، "أمس"): for notifications and bids. */
export function formatAgo(iso: string, now: number, locale: Locale): string {
  const t = parse(iso);
  if (t === null) return MSG.invalidDate;
  const seconds = Math.round((t - now) / 1000);
  if (seconds > -45) return JUST_NOW[locale];
  const minutes = Math.round(seconds / 60);
  if (minutes > -60) return relative(locale).format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (hours > -24) return relative(locale).format(hours, 'hour');
  return relative(locale).format(Math.round(hours / 24), 'day');
}
