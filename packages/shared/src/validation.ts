import type { z } from 'zod';
import type { FieldErrors } from './errors.js';
import { MSG } from './messages.js';

/**
 * The first message for each field, in the order the schema checks them. A nested field is
 * named by its own name (`address.phone` → `phone`), which is what the form's input is called.
 */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const named = issue.path.filter((p): p is string => typeof p === 'string');
    const key = named.length ? named[named.length - 1]! : '_form';
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * The message the form's red line shows. "All fields required" is checked before any format
 * rule, so a form-wide message such as 'Please fill in all fields.' wins when present.
 */
export function firstMessage(error: z.ZodError, formWide: readonly string[] = FORM_WIDE): string {
  const wide = error.issues.find((issue) => formWide.includes(issue.message));
  return (wide ?? error.issues[0])?.message ?? 'Invalid input.';
}

const FORM_WIDE: readonly string[] = [MSG.fillAllFields, MSG.loginRequired];
