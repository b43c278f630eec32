/**
 * The server is the clock (docs/architecture.md). Every service and job reads time and sets
 * timers through one `Clock`, so a test can stand at 1 ms before an auction's end and step over it.
 */
export interface Clock {
  now(): Date;
  /** The current time as stored: UTC ISO-8601, optionally shifted by `offsetMs`. */
  iso(offsetMs?: number): string;
  /** Runs `fn` once after `ms`; the returned function cancels it. */
  setTimer(fn: () => void, ms: number): () => void;
}

export const systemClock: Clock = {
  now: () => new Date(),
  iso: (offsetMs = 0) => new Date(Date.now() + offsetMs).toISOString(),
  setTimer(fn, ms) {
    const timer = setTimeout(fn, ms);
    // A pending job must never keep a stopping process alive.
    timer.unref?.();
    return () => clearTimeout(timer);
  },
};

export interface FakeClock extends Clock {
  /** Jumps to a moment, firing every timer that falls due on the way, in order. Going back fires nothing. */
  set(to: Date | string | number): void;
  advance(ms: number): void;
  /** Timers not yet fired. */
  pending(): number;
}

/** A clock that moves only when told: for tests and simulations. */
export function createFakeClock(start: Date | string | number = Date.now()): FakeClock {
  let current = new Date(start).getTime();
  let nextId = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();

  const clock: FakeClock = {
    now: () => new Date(current),
    iso: (offsetMs = 0) => new Date(current + offsetMs).toISOString(),
    setTimer(fn, ms) {
      const id = nextId++;
      timers.set(id, { at: current + Math.max(0, ms), fn });
      return () => void timers.delete(id);
    },
    set(to) {
      const target = new Date(to).getTime();
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= target).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
        if (!due) break;
        timers.delete(due[0]);
        current = Math.max(current, due[1].at);
        due[1].fn();
      }
      current = target;
    },
    advance: (ms) => clock.set(current + ms),
    pending: () => timers.size,
  };
  return clock;
}
