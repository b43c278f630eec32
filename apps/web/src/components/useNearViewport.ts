import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Whether the element has come within `margin` of the viewport (and from then on, true). What sits
 * below the fold asks for its data when the reader comes near it, not while a phone is still
 * starting the page (issue 11). Without IntersectionObserver it is near at once.
 */
export function useNearViewport<T extends Element>(margin = '600px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(false);
  // A browser without it (the server renders as far, like a browser before it looks).
  const unsupported = typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined';
  useEffect(() => {
    const element = ref.current;
    if (seen || unsupported || !element) return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setSeen(true),
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, unsupported, margin]);
  return [ref, seen || unsupported];
}
