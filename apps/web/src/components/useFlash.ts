import { useEffect, useState } from 'react';

/**
 * A message that shows for a fixed time after an event ('Email sent!' for 5 s, the review
 * confirmation for 3 s). `flash()` starts or restarts the timer.
 */
export function useFlash(ms: number): [shown: boolean, flash: () => void] {
  const [at, setAt] = useState<number | null>(null);
  useEffect(() => {
    if (at === null) return;
    const timer = setTimeout(() => setAt(null), ms);
    return () => clearTimeout(timer);
  }, [at, ms]);
  return [at !== null, () => setAt(Date.now())];
}
