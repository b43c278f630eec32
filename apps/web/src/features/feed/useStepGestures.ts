import { useEffect, type RefObject } from 'react';
import { createWheelStepper, stepFromSwipe, wheelPixels, type Step } from './navigation';

/**
 * Wheel: one gesture, one item. Touch: a swipe over 50 px, one item. Native listeners, so the
 * wheel can be stopped from scrolling on. Anything that scrolls the list natively (a scrollbar
 * drag, a screen reader) calls `settle` once it comes to rest.
 */
export function useStepGestures(
  scroller: RefObject<HTMLDivElement | null>,
  go: (step: Step) => void,
  settle: (el: HTMLDivElement) => void,
  hasItems: boolean,
) {
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const wheel = createWheelStepper();
    const onWheel = (e: WheelEvent) => {
      if (e.ctrlKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) return;
      e.preventDefault();
      go(wheel(wheelPixels(e.deltaY, e.deltaMode, el.clientHeight), e.timeStamp));
    };
    let start: { x: number; y: number } | null = null;
    const onTouchStart = (e: TouchEvent) => {
      const t = e.touches[0];
      start = e.touches.length === 1 && t ? { x: t.clientX, y: t.clientY } : null;
    };
    const onTouchEnd = (e: TouchEvent) => {
      const t = e.changedTouches[0];
      if (start && t) go(stepFromSwipe(t.clientX - start.x, t.clientY - start.y));
      start = null;
    };
    let resting: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(resting);
      resting = setTimeout(() => {
        if (el.clientHeight > 0) settle(el);
      }, 150);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('touchstart', onTouchStart, { passive: true });
    el.addEventListener('touchend', onTouchEnd, { passive: true });
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(resting);
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('touchstart', onTouchStart);
      el.removeEventListener('touchend', onTouchEnd);
      el.removeEventListener('scroll', onScroll);
    };
  }, [scroller, go, settle, hasItems]);
}
