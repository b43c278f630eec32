import { useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { firstMessage, toFieldErrors, type FieldErrors } from '@souq/shared';
import { ApiError } from '../api/client';

/**
 * Form state checked by the same zod schema the server uses: instant feedback here, the same
 * words from the server when it disagrees (a taken email, a wrong password).
 */
export function useForm<S extends z.ZodType>(schema: S, initial: Record<string, string>) {
  const [values, setValues] = useState(initial);
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // The form being submitted (the one holding focus when submit ran) and how many refusals so far.
  const form = useRef<HTMLFormElement | null>(null);
  const [refusals, setRefusals] = useState(0);

  // After a refusal, focus goes to the first field to fix, else to the form's error line, never
  // to <body> (where a disabled submit button would otherwise leave it).
  useEffect(() => {
    if (refusals === 0) return;
    const target = form.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-testid="form-error"]');
    target?.focus({ preventScroll: true });
    target?.scrollIntoView?.({ block: 'center' });
  }, [refusals]);

  const bind = (name: string) => ({
    name,
    value: values[name] ?? '',
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
  });

  async function submit(action: (data: z.output<S>) => Promise<void>): Promise<void> {
    form.current = document.activeElement?.closest('form') ?? null;
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      setFields(toFieldErrors(parsed.error));
      setError(firstMessage(parsed.error));
      setRefusals((n) => n + 1);
      return;
    }
    setFields({});
    setError(null);
    setPending(true);
    try {
      await action(parsed.data);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      if (err instanceof ApiError) setFields(err.fields);
      setRefusals((n) => n + 1);
    } finally {
      setPending(false);
    }
  }

  return { values, setValues, fields, error, setError, pending, bind, submit };
}
