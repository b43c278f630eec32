import type { Locale } from '@souq/shared';

/** Pure countdown arithmetic; components/Countdown shows it, ticking on the server's clock. */

/** Whole seconds until endsAt (rounded up, so 0 means over), or null when the date does not parse. */
export function secondsLeft(endsAt: string, now: number): number | null {
  const end = Date.parse(endsAt);
  if (!Number.isFinite(end)) return null;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The units' letters: Arabic abbreviates day, hour, minute and second as ي، س، د، ث. */
const UNITS: Record<Locale, { d: string; h: string; m: string; s: string }> = {
  en: { d: 'd', h: 'h', m: 'm', s: 's' },
  ar: { d: 'ي', h: 'س', m: 'د', s: 'ث' },
};

/**
 * Time left in h/m/s, days first when there are any: "2d 03h 04m 05s", "1h 02m 03s", "4m 05s",
 * "0m 09s"; in Arabic "2ي 03س 04د 05ث", read right to left.
 */
export function formatTimeLeft(seconds: number, locale: Locale): string {
  const u = UNITS[locale];
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (d > 0) return `${d}${u.d} ${pad(h)}${u.h} ${pad(m)}${u.m} ${pad(s)}${u.s}`;
  if (h > 0) return `${h}${u.h} ${pad(m)}${u.m} ${pad(s)}${u.s}`;
  return `${m}${u.m} ${pad(s)}${u.s}`;
}

export type Urgency = 'calm' | 'soon' | 'final' | 'over';

/** The time-left colours, for every countdown: green from 3 minutes, orange from 1 minute, red below, grey when over. */
export function urgencyOf(seconds: number): Urgency {
  if (seconds <= 0) return 'over';
  if (seconds < 60) return 'final';
  if (seconds < 180) return 'soon';
  return 'calm';
}

const MILESTONES: Record<Locale, [string, string, string, string]> = {
  en: ['10 seconds left', '1 minute left', '5 minutes left', '1 hour left'],
  ar: ['بقيت 10 ثوانٍ', 'بقيت دقيقة واحدة', 'بقيت 5 دقائق', 'بقيت ساعة واحدة'],
};

/** What a screen reader hears, at a few moments only (never every second). */
export function milestoneOf(seconds: number, locale: Locale): string | null {
  const [tenSeconds, oneMinute, fiveMinutes, oneHour] = MILESTONES[locale];
  if (seconds <= 0) return null;
  if (seconds <= 10) return tenSeconds;
  if (seconds <= 60) return oneMinute;
  if (seconds <= 300) return fiveMinutes;
  if (seconds <= 3600) return oneHour;
  return null;
}
