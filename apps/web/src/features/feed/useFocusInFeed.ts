import { useEffect, useRef, type RefObject } from 'react';

/**
 * Items other than the current one are inert, and the browser drops focus from an inert item to
 * <body> at a rendering step of its own choosing, sometimes after the feed has moved focus on.
 * While the reader's focus belongs in the feed, put it back on the current item when that happens.
 */
export function useFocusInFeed(scroller: RefObject<HTMLDivElement | null>, hasItems: boolean) {
  const focusInFeed = useRef(false);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    let frame = 0;
    // Checked once a frame, only while focus is in the feed.
    const watch = () => {
      frame = 0;
      if (!focusInFeed.current) return;
      if (document.activeElement === document.body && document.hasFocus())
        el.querySelector<HTMLElement>('[data-current]')?.focus({ preventScroll: true });
      frame = requestAnimationFrame(watch);
    };
    const onIn = () => {
      focusInFeed.current = true;
      if (!frame) frame = requestAnimationFrame(watch);
    };
    const onOut = (e: FocusEvent) => {
      if (e.relatedTarget instanceof Node && !el.contains(e.relatedTarget)) focusInFeed.current = false;
    };
    el.addEventListener('focusin', onIn);
    el.addEventListener('focusout', onOut);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('focusin', onIn);
      el.removeEventListener('focusout', onOut);
    };
  }, [scroller, hasItems]);
}
