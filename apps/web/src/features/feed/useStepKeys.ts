import { useEffect, type RefObject } from 'react';
import { stepFromKey, type Step } from './navigation';

/** Arrow and page keys, from anywhere in the stage or from the page itself (nothing focused). */
export function useStepKeys(stage: RefObject<HTMLDivElement | null>, go: (step: Step) => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      const target = e.target instanceof HTMLElement ? e.target : null;
      // Typing, and dialogs, keep their keys.
      if (!target || target.closest('input, textarea, select, [contenteditable="true"], dialog')) return;
      if (target !== document.body && !stage.current?.contains(target)) return;
      const step = stepFromKey(e.key);
      if (!step) return;
      e.preventDefault();
      go(step);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [stage, go]);
}
