import { MSG, hasControlCharacters, isId } from '@souq/shared';
import { DomainError } from '../lib/errors.js';

/** Opaque page cursors: the last row's sort value and id, so the next page starts after it. */
export type Cursor = [value: string | number, id: string];

export function encodeCursor(value: string | number, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

/** Sort values are titles (at most 200 characters lowercased), timestamps, prices, counts and ratings. */
function isSortValue(value: unknown): value is string | number {
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'string' && value.length <= 400 && !hasControlCharacters(value);
}

export function decodeCursor(cursor: string | undefined): Cursor | undefined {
  if (!cursor) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    // Anyone can write a cursor: its parts reach SQL only as a sort value we could have issued and a row id.
    if (Array.isArray(parsed) && parsed.length === 2 && isSortValue(parsed[0]) && isId(parsed[1]))
      return [parsed[0], parsed[1]];
  } catch {
    // fall through
  }
  throw new DomainError('VALIDATION_FAILED', MSG.invalidCursor);
}

/** Takes one row more than the page to learn whether another page exists. */
export function pageOf<R, T>(
  rows: R[],
  limit: number,
  map: (row: R) => T,
  cursorOf: (row: R) => string,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  return { items: items.map(map), nextCursor: rows.length > limit ? cursorOf(items[items.length - 1]!) : null };
}
