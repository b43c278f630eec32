import { MSG } from '@souq/shared';
import { DomainError } from '../../lib/errors.js';

/** A later page's place: the session (its fixed order) and how far into it. */
export function encodeCursor(sessionId: string, offset: number): string {
  return Buffer.from(JSON.stringify([sessionId, offset])).toString('base64url');
}

export function decodeCursor(cursor: string): { sessionId: string; offset: number } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      typeof value[0] === 'string' &&
      /^[0-9a-f-]{36}$/.test(value[0]) &&
      Number.isSafeInteger(value[1]) &&
      value[1] >= 0
    ) {
      return { sessionId: value[0], offset: value[1] };
    }
  } catch {
    // fall through
  }
  throw new DomainError('VALIDATION_FAILED', MSG.invalidCursor);
}
