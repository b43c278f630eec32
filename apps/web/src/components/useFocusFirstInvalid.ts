import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * After a refused submit, take the person to the first field to fix, or, when the refusal is
 * about the whole form (a wrong password), to the form's error line: never to <body>, where a
 * disabled submit button would otherwise leave focus. Call the returned function once the
 * messages are set; focus moves after they render. Forms reach it through useForm, its one caller.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLElement | null>): () => void {
  const [attempt, setAttempt] = useState(0);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const target =
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.current?.querySelector<HTMLElement>('[data-testid="form-error"]');
    target?.focus({ preventScroll: true });
    (target?.closest('.field, .image-picker, .form-section') ?? target)?.scrollIntoView?.({
      block: 'center',
      behavior: 'smooth',
    });
  }, [attempt, form]);
  return useCallback(() => setAttempt((n) => n + 1), []);
}
