import { useSyncExternalStore } from 'react';
import { serverNow } from '../api/server-clock';
import { secondsLeft } from './time-left';

/**
 * One timer for every countdown on the page. It samples the server's clock four times a second
 * so a countdown turns over within a quarter second of the real boundary; each countdown
 * re-renders only when its own whole second changes.
 */
const TICK_MS = 250;
let now = serverNow();
let timer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = serverNow();
    timer = setInterval(() => {
      now = serverNow();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The sampled time; while no timer runs (the first render of the first countdown) it is refreshed when stale. */
function current(): number {
  if (!timer) {
    const fresh = serverNow();
    if (Math.abs(fresh - now) >= TICK_MS) now = fresh;
  }
  return now;
}

/** Seconds until endsAt on the server's clock, live; null for a date that does not parse. */
export function useSecondsLeft(endsAt: string): number | null {
  return useSyncExternalStore(
    subscribe,
    () => secondsLeft(endsAt, current()),
    () => secondsLeft(endsAt, serverNow()),
  );
}
