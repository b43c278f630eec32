/** Pure countdown arithmetic; components/Countdown shows it, ticking on the server's clock. */

/** Whole seconds until endsAt (rounded up, so 0 means over), or null when the date does not parse. */
export function secondsLeft(endsAt: string, now: number): number | null {
  const end = Date.parse(endsAt);
  if (!Number.isFinite(end)) return null;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Time left in h/m/s, days first when there are any: "2d 03h 04m 05s", "1h 02m 03s", "4m 05s", "0m 09s". */
export function formatTimeLeft(seconds: number): string {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (d > 0) return `${d}d ${pad(h)}h ${pad(m)}m ${pad(s)}s`;
  if (h > 0) return `${h}h ${pad(m)}m ${pad(s)}s`;
  return `${m}m ${pad(s)}s`;
}

export type Urgency = 'calm' | 'soon' | 'final' | 'over';

/** The time-left colours, for every countdown: green from 3 minutes, orange from 1 minute, red below, grey when over. */
export function urgencyOf(seconds: number): Urgency {
  if (seconds <= 0) return 'over';
  if (seconds < 60) return 'final';
  if (seconds < 180) return 'soon';
  return 'calm';
}

/** What a screen reader hears, at a few moments only (never every second). */
export function milestoneOf(seconds: number): string | null {
  if (seconds <= 0) return null;
  if (seconds <= 10) return '10 seconds left';
  if (seconds <= 60) return '1 minute left';
  if (seconds <= 300) return '5 minutes left';
  if (seconds <= 3600) return '1 hour left';
  return null;
}
