import { MSG } from '@souq/shared';
import { AppError } from '../http/errors.js';

/** Opaque page cursors: the last row's sort value and id, so the next page starts after it. */
export type Cursor = [value: string | number, id: string];

export function encodeCursor(value: string | number, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && (typeof parsed[0] === 'string' || typeof parsed[0] === 'number') && typeof parsed[1] === 'string') {
      return [parsed[0], parsed[1]];
    }
  } catch {
    // fall through
  }
  throw new AppError('VALIDATION_FAILED', MSG.invalidCursor);
}

/** Takes one row more than the page to learn whether another page exists. */
export function pageOf<R, T>(rows: R[], limit: number, map: (row: R) => T, cursorOf: (row: R) => string): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  return { items: items.map(map), nextCursor: rows.length > limit ? cursorOf(items[items.length - 1]!) : null };
}
