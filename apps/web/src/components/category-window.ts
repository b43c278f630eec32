import { CATEGORY_BAR_STEP, CATEGORY_BAR_VISIBLE } from '@souq/shared';

/** The first visible index after moving one step; the window never runs past either end. */
export function moveWindow(start: number, direction: 1 | -1, total: number): number {
  const last = Math.max(0, total - CATEGORY_BAR_VISIBLE);
  return Math.min(last, Math.max(0, start + direction * CATEGORY_BAR_STEP));
}
