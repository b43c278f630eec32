import { firstMessage, toFieldErrors, type ErrorCode, type FieldErrors } from '@souq/shared';
import type { z } from 'zod';

/**
 * A failure a person can act on, named by a code from the shared catalogue. Services throw it;
 * each transport decides what the code means to it (an HTTP status in `http/errors.ts`, an error
 * event in `realtime/`), so no rule depends on how the request arrived.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Parses input with a shared schema; a failure names each field with the schema's message. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  throw validationFailure(result.error);
}

/** What a schema's refusal says: its first message, and each field's (the route validator says the same). */
export function validationFailure(error: z.ZodError): DomainError {
  return new DomainError('VALIDATION_FAILED', firstMessage(error), toFieldErrors(error));
}
