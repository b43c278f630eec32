import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '@souq/shared';
import { moveWindow } from './category-window';

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
