import { CATEGORY_BAR_STEP, CATEGORY_BAR_VISIBLE, SWIPE_THRESHOLD_PX } from '@souq/shared';

/** The first visible index after moving one step; the window never runs past either end. */
export function moveWindow(start: number, direction: 1 | -1, total: number): number {
  const last = Math.max(0, total - CATEGORY_BAR_VISIBLE);
  return Math.min(last, Math.max(0, start + direction * CATEGORY_BAR_STEP));
}

/**
 * The step a horizontal swipe from `fromX` to `toX` makes through the list: 1 shows the next
 * categories, -1 the previous ones, 0 is no swipe (50 px or less). The list reads in the page's
 * direction, so the next categories lie to the right in English and to the left in Arabic; a
 * finger drags the row toward the other side to bring them in: leftwards in LTR, rightwards in RTL.
 */
export function swipeStep(fromX: number, toX: number, dir: 'ltr' | 'rtl'): 1 | -1 | 0 {
  const dx = toX - fromX;
  if (Math.abs(dx) <= SWIPE_THRESHOLD_PX) return 0;
  const towardRight = dx > 0;
  return towardRight === (dir === 'rtl') ? 1 : -1;
}
