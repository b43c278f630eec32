import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react';
import { clampIndex, type Step } from './navigation';
import { useFocusInFeed } from './useFocusInFeed';
import { useStepGestures } from './useStepGestures';
import { useStepKeys } from './useStepKeys';

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

interface Options {
  /** The page's stage: keys pressed in it move the feed. */
  stage: RefObject<HTMLDivElement | null>;
  current: number;
  /** Coming back to an item not fetched yet: nothing to scroll to until it is. */
  restoring: boolean;
  count: number;
  setIndex: Dispatch<SetStateAction<number>>;
}

/**
 * One item at a time: wheel, keys, a swipe or a native scroll move the index by one, the list
 * scrolls to the current item, and focus that was in the feed goes with it.
 */
export function useFeedNavigation({ stage, current, restoring, count, setIndex }: Options) {
  const scroller = useRef<HTMLDivElement>(null);
  const placed = useRef(false);
  const refocus = useRef(false);
  // Read by the listeners, which outlive a render.
  const counted = useRef(0);
  useLayoutEffect(() => {
    counted.current = count;
  }, [count]);
  const hasItems = count > 0;

  const go = useCallback(
    (step: Step) => {
      if (!step) return;
      refocus.current = !!scroller.current?.contains(document.activeElement);
      setIndex((i) => clampIndex(clampIndex(i, counted.current) + step, counted.current));
    },
    [setIndex],
  );

  const settle = useCallback(
    (el: HTMLDivElement) => {
      // Items other than the current one are inert: focus on the one left behind would drop to
      // <body>, so it moves with the index, as it does for keys (a slow smooth scroll can pause
      // long enough to land here mid-way).
      refocus.current = el.contains(document.activeElement);
      setIndex((i) =>
        Math.round(el.scrollTop / el.clientHeight) === clampIndex(i, counted.current)
          ? i
          : Math.round(el.scrollTop / el.clientHeight),
      );
    },
    [setIndex],
  );

  // The scroll position follows the index (instantly the first time, smoothly after).
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || restoring || count === 0) return;
    const top = current * el.clientHeight;
    if (Math.abs(el.scrollTop - top) >= 2)
      el.scrollTo({ top, behavior: placed.current && !reducedMotion() ? 'smooth' : 'instant' });
    placed.current = true;
  }, [current, restoring, count]);

  // Keyboard users stay with the item they moved to.
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    scroller.current?.querySelector<HTMLElement>('[data-current]')?.focus({ preventScroll: true });
  }, [current]);

  useFocusInFeed(scroller, hasItems);
  useStepGestures(scroller, go, settle, hasItems);
  useStepKeys(stage, go);

  return {
    scroller,
    /** The item that takes the place of one removed gets the focus it had. */
    keepFocus: () => {
      refocus.current = true;
    },
  };
}
