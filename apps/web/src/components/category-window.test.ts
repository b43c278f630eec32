import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '@souq/shared';
import { moveWindow, swipeStep } from './category-window';

describe('category bar window', () => {
  it('moves three at a time and stops at either end', () => {
    const n = CATEGORIES.length;
    expect(moveWindow(0, 1, n)).toBe(3);
    expect(moveWindow(9, 1, n)).toBe(10);
    expect(moveWindow(10, 1, n)).toBe(10);
    expect(moveWindow(10, -1, n)).toBe(7);
    expect(moveWindow(2, -1, n)).toBe(0);
  });
});

describe('category bar swipe', () => {
  it('left to right: a swipe to the left shows the next categories, to the right the previous ones', () => {
    expect(swipeStep(200, 100, 'ltr')).toBe(1);
    expect(swipeStep(100, 200, 'ltr')).toBe(-1);
  });

  it('right to left: the reverse, since the next categories lie to the left', () => {
    expect(swipeStep(100, 200, 'rtl')).toBe(1);
    expect(swipeStep(200, 100, 'rtl')).toBe(-1);
  });

  it('ignores a movement of 50 px or less in either direction', () => {
    for (const dir of ['ltr', 'rtl'] as const) {
      expect(swipeStep(100, 150, dir)).toBe(0);
      expect(swipeStep(150, 100, dir)).toBe(0);
      expect(swipeStep(100, 100, dir)).toBe(0);
      expect(swipeStep(100, 151, dir)).not.toBe(0);
    }
  });

  it('a swipe to the next categories moves the window toward the end of the list in both directions', () => {
    const n = CATEGORIES.length;
    const step = swipeStep(100, 300, 'rtl');
    expect(step).toBe(1);
    expect(moveWindow(0, step as 1, n)).toBe(3);
  });
});
