import { useLayoutEffect, type RefObject } from 'react';

const MIN_STAGE_PX = 440;
/** Room kept under the stage on small screens, so the floating cart badge covers no action. */
const BADGE_ROOM_PX = 76;
const SMALL_SCREEN = '(max-width: 760px)';

/** Keeps the stage (one item) as tall as the screen below the sticky header, as the page first shows it. */
export function useStageHeight(stage: RefObject<HTMLDivElement | null>) {
  useLayoutEffect(() => {
    const fit = () => {
      const el = stage.current;
      if (!el) return;
      const top = el.getBoundingClientRect().top + window.scrollY;
      const room = window.matchMedia?.(SMALL_SCREEN).matches ? BADGE_ROOM_PX : 16;
      el.style.setProperty('--feed-h', `${Math.max(MIN_STAGE_PX, Math.floor(window.innerHeight - top - room))}px`);
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [stage]);
}
