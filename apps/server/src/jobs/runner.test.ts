import { describe, expect, it, vi } from 'vitest';
import { createFakeClock } from '../lib/clock.js';
import { createJobRunner } from './runner.js';

const quietLog = { warn: vi.fn() };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('job runner', () => {
  it('runs each job at start, then every interval, and sooner when the job asks', async () => {
    const clock = createFakeClock(0);
    const runner = createJobRunner({ clock, log: quietLog });
    const runs: number[] = [];
    const asks: { next?: number } = {};
    runner.add({
      name: 'tick',
      everyMs: 1000,
      run: async () => {
        runs.push(clock.now().getTime());
        return asks.next;
      },
    });
    runner.start();
    await settle();
    expect(runs).toEqual([0]);
    clock.advance(999);
    await settle();
    expect(runs).toEqual([0]);
    asks.next = 200;
    clock.advance(1);
    await settle();
    expect(runs).toEqual([0, 1000]);
    clock.advance(200);
    await settle();
    expect(runs).toEqual([0, 1000, 1200]);
    await runner.stop();
  });

  it('tells of every run: which job, whether it failed, how long it took', async () => {
    const clock = createFakeClock(0);
    const ran = vi.fn();
    const runner = createJobRunner({ clock, log: quietLog, ran });
    let fail = false;
    runner.add({
      name: 'flaky',
      everyMs: 1000,
      run: async () => {
        if (fail) throw new Error('down');
      },
    });
    await runner.runNow('flaky');
    fail = true;
    await runner.runNow('flaky');
    expect(ran.mock.calls).toEqual([
      ['flaky', true, expect.any(Number)],
      ['flaky', false, expect.any(Number)],
    ]);
    await runner.stop();
  });

  it('keeps running a job that failed, and logs it', async () => {
    const clock = createFakeClock(0);
    const log = { warn: vi.fn() };
    const runner = createJobRunner({ clock, log });
    let calls = 0;
    runner.add({
      name: 'flaky',
      everyMs: 100,
      run: async () => {
        calls++;
        if (calls === 1) throw new Error('database away');
      },
    });
    runner.start();
    await settle();
    clock.advance(100);
    await settle();
    expect(calls).toBe(2);
    expect(log.warn).toHaveBeenCalledOnce();
    await runner.stop();
  });

  it('stop() waits for the run in flight and schedules nothing after it', async () => {
    const clock = createFakeClock(0);
    const runner = createJobRunner({ clock, log: quietLog });
    let release!: () => void;
    let finished = false;
    let calls = 0;
    runner.add({
      name: 'slow',
      everyMs: 10,
      run: async () => {
        calls++;
        await new Promise<void>((resolve) => (release = resolve));
        finished = true;
      },
    });
    runner.start();
    await settle();
    const stopping = runner.stop();
    let stopped = false;
    void stopping.then(() => (stopped = true));
    await settle();
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
    clock.advance(1000);
    await settle();
    expect(calls).toBe(1);
  });

  it('never runs one job twice at once; runNow waits for the run in flight, then runs again', async () => {
    const clock = createFakeClock(0);
    const runner = createJobRunner({ clock, log: quietLog });
    let active = 0;
    let most = 0;
    let calls = 0;
    runner.add({
      name: 'close',
      everyMs: 5,
      run: async () => {
        calls++;
        active++;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 5));
        active--;
      },
    });
    runner.start();
    await Promise.all([runner.runNow('close'), runner.runNow('close')]);
    expect(most).toBe(1);
    expect(calls).toBeGreaterThanOrEqual(2);
    await runner.stop();
  });
});
