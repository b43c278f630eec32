import { useEffect, useState } from 'react';

/**
 * True while the reader scrolls down past the first screenful, false as soon as they scroll up:
 * the phone header slides away to give the page its room and comes back when wanted.
 */
export function useAwayOnScroll(threshold = 240): boolean {
  const [away, setAway] = useState(false);
  useEffect(() => {
    // Not read on mount: reading the scroll position makes the browser lay the page out there
    // and then, inside the hydration's task, the longest one a phone has on a first visit.
    let last: number | null = null;
    const onScroll = () => {
      const y = window.scrollY;
      if (last === null) {
        last = y;
        return;
      }
      // Small jitters (momentum, address bar) are not a change of direction.
      if (Math.abs(y - last) < 8) return;
      setAway(y > last && y > threshold);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return away;
}
