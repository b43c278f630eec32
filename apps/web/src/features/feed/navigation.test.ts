import { afterEach, describe, expect, it, vi } from 'vitest';
import { cursorAt, decodeFeedCursor, encodeFeedCursor } from './cursor';
import { clampIndex, createWheelStepper, stepFromKey, stepFromSwipe, wheelPixels } from './navigation';
import { createOpensBatcher } from './opens';

describe('feed navigation', () => {
  it('arrow and page keys step one item; other keys do nothing', () => {
    expect(stepFromKey('ArrowDown')).toBe(1);
    expect(stepFromKey('PageDown')).toBe(1);
    expect(stepFromKey('ArrowUp')).toBe(-1);
    expect(stepFromKey('PageUp')).toBe(-1);
    for (const key of ['ArrowLeft', 'ArrowRight', 'Tab', ' ', 'Enter', 'a']) expect(stepFromKey(key)).toBe(0);
  });

  it('a swipe moves one item only past 50 px, and only when it is mostly vertical', () => {
    expect(stepFromSwipe(0, -50)).toBe(0);
    expect(stepFromSwipe(0, -51)).toBe(1);
    expect(stepFromSwipe(0, 51)).toBe(-1);
    expect(stepFromSwipe(0, -600)).toBe(1); // a long fling is still one item
    expect(stepFromSwipe(80, -60)).toBe(0); // sideways: the photos', not the feed's
  });

  it('one mouse notch is one step', () => {
    const wheel = createWheelStepper();
    expect(wheel(100, 0)).toBe(1);
    expect(wheel(100, 1000)).toBe(1);
    expect(wheel(-100, 2000)).toBe(-1);
  });

  it('a trackpad flick with all its inertia is one step, however many events it sends', () => {
    const wheel = createWheelStepper({ threshold: 40, idleMs: 250 });
    const steps: number[] = [];
    // 60 events 16 ms apart, big at first then fading: one gesture.
    for (let i = 0; i < 60; i++) steps.push(wheel(Math.max(1, 60 - i), i * 16));
    expect(steps.filter((s) => s !== 0)).toEqual([1]);
    // A pause longer than idleMs, then a new flick: one more step.
    const later = 60 * 16 + 400;
    for (let i = 0; i < 10; i++) steps.push(wheel(30, later + i * 16));
    expect(steps.filter((s) => s !== 0)).toEqual([1, 1]);
  });

  it('small jitters under the threshold do not move, and a change of direction starts afresh', () => {
    const wheel = createWheelStepper({ threshold: 40, idleMs: 250 });
    expect(wheel(10, 0)).toBe(0);
    expect(wheel(-10, 10)).toBe(0);
    expect(wheel(10, 20)).toBe(0);
    expect(wheel(-35, 30)).toBe(0);
    expect(wheel(-10, 40)).toBe(-1);
  });

  it('wheel lines and pages become pixels; the index stays inside the list', () => {
    expect(wheelPixels(3, 1, 800)).toBe(120);
    expect(wheelPixels(1, 2, 800)).toBe(800);
    expect(wheelPixels(57, 0, 800)).toBe(57);
    expect(clampIndex(-1, 5)).toBe(0);
    expect(clampIndex(5, 5)).toBe(4);
    expect(clampIndex(3, 0)).toBe(0);
  });
});

describe('feed cursor', () => {
  const sessionId = '3f0c6a3e-9a4e-4c1b-8f53-2b1f8c1d2e4f';
  it('reads and writes the server’s cursor format', () => {
    // Exactly as apps/server/src/modules/feed/service.ts encodes it.
    const server = Buffer.from(JSON.stringify([sessionId, 20])).toString('base64url');
    expect(decodeFeedCursor(server)).toEqual({ sessionId, offset: 20 });
    expect(encodeFeedCursor({ sessionId, offset: 20 })).toBe(server);
    expect(cursorAt(server, 0)).toBe(Buffer.from(JSON.stringify([sessionId, 0])).toString('base64url'));
  });
  it('refuses what is not a cursor', () => {
    expect(decodeFeedCursor('abc')).toBeNull();
    expect(decodeFeedCursor(encodeFeedCursor({ sessionId: 'nope', offset: 1 }))).toBeNull();
    expect(cursorAt('%%%', 0)).toBeNull();
  });
});

describe('opens batcher', () => {
  afterEach(() => vi.useRealTimers());
  it('sends each item once, in batches of at most 50, every few seconds and when the page goes', () => {
    vi.useFakeTimers();
    const sent: { refs: number; leaving: boolean }[] = [];
    const batcher = createOpensBatcher((refs, leaving) => sent.push({ refs: refs.length, leaving }), {
      intervalMs: 5000,
    });
    batcher.add({ kind: 'product', id: 'a' });
    batcher.add({ kind: 'product', id: 'a' });
    batcher.add({ kind: 'auction', id: 'a' });
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(5000);
    expect(sent).toEqual([{ refs: 2, leaving: false }]);
    vi.advanceTimersByTime(5000);
    expect(sent).toHaveLength(1); // nothing new, nothing sent
    for (let i = 0; i < 120; i++) batcher.add({ kind: 'product', id: `p${i}` });
    expect(sent.slice(1)).toEqual([
      { refs: 50, leaving: false },
      { refs: 50, leaving: false },
    ]);
    batcher.stop();
    expect(sent.at(-1)).toEqual({ refs: 20, leaving: true });
    vi.advanceTimersByTime(20_000);
    expect(sent).toHaveLength(4);
  });
});
