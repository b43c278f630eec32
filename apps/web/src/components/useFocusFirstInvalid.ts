import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * After a refused submit, take the person to the first field to fix. Call the returned function
 * once the messages are set; focus moves after they render.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLElement | null>): () => void {
  const [attempt, setAttempt] = useState(0);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const field = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    field?.focus({ preventScroll: true });
    field?.closest('.field, .image-picker, .form-section')?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [attempt, form]);
  return useCallback(() => setAttempt((n) => n + 1), []);
}
