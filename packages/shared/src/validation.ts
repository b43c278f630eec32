import { z } from 'zod';
import type { FieldErrors } from './errors.js';
import { MSG } from './messages.js';
import { readNumber, westernDigits } from './numbers.js';

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

/**
 * A number sent as a JSON number or as the text a person typed, in Western (1260), Arabic-Indic
 * (١٢٦٠) or Persian (۱۲۶۰) digits, with . or ٫ before the decimals and , or ٬ between groups of
 * three ("١٬٢٣٤٫٥"); `schema` is the `z.number()` with the field's own rules. As text.ts's
 * `decimal`: true, [5], "0x10", "1e3", "-5" and "" are refused, by `schema` itself.
 */
export function typedNumber<T extends z.ZodNumber>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' ? (readNumber(value) ?? value) : value), schema);
}

/** Text typed in any digit set, read with Western digits ("٣٠x٢٠x١٠" → "30x20x10"); `schema` checks the rest. */
export function typedDigits<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (typeof value === 'string' ? westernDigits(value) : value), schema);
}
