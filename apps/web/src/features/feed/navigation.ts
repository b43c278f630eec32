import { SWIPE_THRESHOLD_PX } from '@souq/shared';

/**
 * How the For You feed moves: every gesture is exactly one item, whatever the device sends.
 * Pure functions and small state machines, so the rules are tested without a browser.
 */

export type Step = -1 | 0 | 1;

/** Keys that move the feed; anything else is left alone (Tab, Space on a button, the gallery's left/right). */
export function stepFromKey(key: string): Step {
  switch (key) {
    case 'ArrowDown':
    case 'PageDown':
      return 1;
    case 'ArrowUp':
    case 'PageUp':
      return -1;
    default:
      return 0;
  }
}

/** A swipe over 50 px (SWIPE_THRESHOLD_PX) moves one item: up to the next, down to the previous. Sideways swipes belong to the photos. */
export function stepFromSwipe(dx: number, dy: number, threshold = SWIPE_THRESHOLD_PX): Step {
  if (Math.abs(dy) <= threshold || Math.abs(dx) > Math.abs(dy)) return 0;
  return dy < 0 ? 1 : -1;
}

export interface WheelOptions {
  /** Pixels of wheel travel before a gesture counts (a mouse notch is about 100, a trackpad sends many small deltas). */
  threshold?: number;
  /** A pause this long ends a gesture; until then the rest of it (trackpad inertia) is swallowed. */
  idleMs?: number;
}

/**
 * Wheel events to steps. One notch of a mouse wheel, or one flick of a trackpad with all its
 * inertia, is one step: the first event past the threshold steps, and the gesture's remaining
 * events are ignored until the wheel has been quiet for idleMs.
 */
export function createWheelStepper({ threshold = 40, idleMs = 250 }: WheelOptions = {}) {
  let travel = 0;
  let lastAt = Number.NEGATIVE_INFINITY;
  let spent = false;
  return (deltaY: number, now: number): Step => {
    if (now - lastAt > idleMs) {
      travel = 0;
      spent = false;
    }
    lastAt = now;
    if (spent) return 0;
    // A change of direction starts counting afresh.
    if (Math.sign(deltaY) !== Math.sign(travel)) travel = 0;
    travel += deltaY;
    if (Math.abs(travel) < threshold) return 0;
    const step: Step = travel > 0 ? 1 : -1;
    spent = true;
    travel = 0;
    return step;
  };
}

/** The index after a step, kept inside the list. */
export function clampIndex(index: number, count: number): number {
  if (count <= 0) return 0;
  return Math.min(Math.max(0, index), count - 1);
}

/** WheelEvent.deltaMode to pixels: lines are about 40 px, pages a screen. */
export function wheelPixels(deltaY: number, deltaMode: number, pageHeight: number): number {
  return deltaMode === 1 ? deltaY * 40 : deltaMode === 2 ? deltaY * pageHeight : deltaY;
}
