import type { z } from 'zod';
import { firstMessage, toFieldErrors, type FieldErrors } from '@souq/shared';

/**
 * The browser's half of a form's rules, run before anything is sent: the data to send, or each
 * field's message (and, when the form has one, the words for its red line).
 */
export type FormCheck<D> = { ok: true; data: D } | { ok: false; fields: FieldErrors; message?: string | null };

/** A check by one of the shared zod schemas the server also applies: the same words on both sides. */
export function bySchema<S extends z.ZodType>(schema: S): (values: unknown) => FormCheck<z.output<S>> {
  return (values) => {
    const parsed = schema.safeParse(values);
    return parsed.success
      ? { ok: true, data: parsed.data }
      : { ok: false, fields: toFieldErrors(parsed.error), message: firstMessage(parsed.error) };
  };
}
