import { describe, expect, it } from 'vitest';
import { createFakeClock } from './clock.js';

describe('fake clock', () => {
  it('fires due timers in time order while it moves, and no others', () => {
    const clock = createFakeClock('2026-01-01T00:00:00.000Z');
    const fired: string[] = [];
    clock.setTimer(() => fired.push(`b@${clock.iso()}`), 2000);
    clock.setTimer(() => fired.push(`a@${clock.iso()}`), 1000);
    const cancel = clock.setTimer(() => fired.push('cancelled'), 1500);
    cancel();
    clock.advance(1999);
    expect(fired).toEqual(['a@2026-01-01T00:00:01.000Z']);
    clock.advance(1);
    expect(fired).toEqual(['a@2026-01-01T00:00:01.000Z', 'b@2026-01-01T00:00:02.000Z']);
    expect(clock.pending()).toBe(0);
  });

  it('fires a timer set by a timer when the new one also falls due', () => {
    const clock = createFakeClock(0);
    const fired: number[] = [];
    clock.setTimer(() => {
      fired.push(clock.now().getTime());
      clock.setTimer(() => fired.push(clock.now().getTime()), 100);
    }, 100);
    clock.advance(250);
    expect(fired).toEqual([100, 200]);
    expect(clock.now().getTime()).toBe(250);
  });

  it('goes back without firing anything, and offsets iso()', () => {
    const clock = createFakeClock(10_000);
    let fired = false;
    clock.setTimer(() => (fired = true), 10);
    clock.set(0);
    expect(fired).toBe(false);
    expect(clock.iso(1000)).toBe('1970-01-01T00:00:01.000Z');
  });
});
