import { useRef, useState } from 'react';
import type { z } from 'zod';
import { firstMessage, toFieldErrors, type FieldErrors } from '@souq/shared';
import { ApiError } from '../api/client';
import { useFocusFirstInvalid } from './useFocusFirstInvalid';

/**
 * Form state checked by the same zod schema the server uses: instant feedback here, the same
 * words from the server when it disagrees (a taken email, a wrong password).
 */
export function useForm<S extends z.ZodType>(schema: S, initial: Record<string, string>) {
  const [values, setValues] = useState(initial);
  const [fields, setFields] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // The form being submitted: the one holding focus when submit ran.
  const form = useRef<HTMLFormElement | null>(null);
  const refused = useFocusFirstInvalid(form);

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
      refused();
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
      refused();
    } finally {
      setPending(false);
    }
  }

  return { values, setValues, fields, error, setError, pending, bind, submit };
}
