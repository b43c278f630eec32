/**
 * Gulf time for days and timestamps people read (issue 32). The UAE keeps UTC+4 all year (no
 * daylight saving), so a fixed offset is exact and cheaper than Intl on a hot path.
 */
const GULF_OFFSET_MS = 4 * 60 * 60 * 1000;

const shifted = (at: Date | string) => new Date(new Date(at).getTime() + GULF_OFFSET_MS).toISOString();

/** "2026-11-27": the Gulf day of an instant. */
export const gulfDay = (at: Date | string): string => shifted(at).slice(0, 10);

/** "2026-11-27 14:05": the Gulf date and time of an instant, to the minute. */
export const gulfDateTime = (at: Date | string): string => shifted(at).slice(0, 16).replace('T', ' ');

/** The Gulf day `days` before the day of `at` (0: that day). */
export const gulfDayBefore = (at: Date | string, days: number): string =>
  gulfDay(new Date(new Date(at).getTime() - days * 24 * 60 * 60 * 1000));

/** "2026-11-23": the Monday of the week a Gulf day falls in (the UAE's working week runs Monday to Sunday). */
export const gulfMonday = (day: string): string => {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
};
