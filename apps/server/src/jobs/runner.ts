import type { Clock } from '../lib/clock.js';

/**
 * Background work (docs/architecture.md, "Jobs"): sweeping expired sessions, closing auctions, ending
 * abandoned streams. A job must be safe to run on several instances at once (it claims its rows
 * with a conditional update) and must catch up with whatever fell due while nothing ran.
 */
export interface Job {
  name: string;
  /** How long to wait between runs. */
  everyMs: number;
  /** Runs once. May return how soon it wants to run again (for work with a known due time). */
  run(): Promise<number | void>;
}

export interface JobRunner {
  add(job: Job): void;
  /** Runs every job once now (catching up after a restart), then on its schedule. */
  start(): void;
  /** Runs one job now and waits for it; for tests and for events that make work due early. */
  runNow(name: string): Promise<void>;
  /** No new runs; resolves when the runs in flight have finished. */
  stop(): Promise<void>;
}

export interface JobRunnerDeps {
  clock: Clock;
  log: { warn(obj: unknown, msg: string): void };
  /** Told of every run, for the metrics. */
  ran?: (job: string, ok: boolean, seconds: number) => void;
}

export function createJobRunner(deps: JobRunnerDeps): JobRunner {
  const jobs = new Map<string, Job>();
  const cancels = new Map<string, () => void>();
  const running = new Map<string, Promise<void>>();
  let started = false;
  let stopped = false;

  function schedule(job: Job, ms: number) {
    if (stopped) return;
    cancels.get(job.name)?.();
    cancels.set(
      job.name,
      deps.clock.setTimer(() => void execute(job), ms),
    );
  }

  /** One run at a time per job: a run that is due while the last one is still going waits for it. */
  function execute(job: Job): Promise<void> {
    const inFlight = running.get(job.name);
    if (inFlight) return inFlight;
    const run = (async () => {
      let next: number | void = undefined;
      let ok = false;
      const began = performance.now();
      try {
        next = await job.run();
        ok = true;
      } catch (error) {
        deps.log.warn({ err: error, job: job.name }, 'job failed; it will run again');
      } finally {
        running.delete(job.name);
        deps.ran?.(job.name, ok, (performance.now() - began) / 1000);
      }
      if (started) schedule(job, Math.max(0, Math.min(job.everyMs, next ?? job.everyMs)));
    })();
    running.set(job.name, run);
    return run;
  }

  return {
    add(job) {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is registered twice`);
      jobs.set(job.name, job);
      if (started) void execute(job);
    },
    start() {
      if (started || stopped) return;
      started = true;
      for (const job of jobs.values()) void execute(job);
    },
    async runNow(name) {
      const job = jobs.get(name);
      if (!job) throw new Error(`no job named ${name}`);
      // A run already in flight may have read its rows before the caller's change; run once more after it.
      await running.get(name);
      await execute(job);
    },
    async stop() {
      stopped = true;
      started = false;
      for (const cancel of cancels.values()) cancel();
      cancels.clear();
      await Promise.all(running.values());
    },
  };
}
