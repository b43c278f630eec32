import { MSG, type ErrorCode } from '@souq/shared';
import { DomainError } from '../lib/errors.js';

/** What a domain error means to a socket client: a `refused` event with the same code and message. */
export function toRefusal(
  error: unknown,
  event?: string,
): { code: ErrorCode; message: string; event?: string; internal: boolean } {
  if (error instanceof DomainError) return { code: error.code, message: error.message, event, internal: false };
  return { code: 'INTERNAL', message: MSG.serverError, event, internal: true };
}
