/**
 * The feed's cursor as the server writes it (apps/server/src/modules/feed/service.ts): base64url
 * of the JSON pair [sessionId, offset]. The URL keeps one cursor of the session; to come back to
 * item n the browser asks for the session's pages from its start, so going up works too.
 */
export interface FeedCursor {
  sessionId: string;
  offset: number;
}

const toBase64Url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text: string) =>
  atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4));

export function decodeFeedCursor(cursor: string): FeedCursor | null {
  try {
    const value: unknown = JSON.parse(fromBase64Url(cursor));
    if (
      Array.isArray(value) &&
      typeof value[0] === 'string' &&
      /^[0-9a-f-]{36}$/.test(value[0]) &&
      Number.isSafeInteger(value[1]) &&
      (value[1] as number) >= 0
    ) {
      return { sessionId: value[0], offset: value[1] as number };
    }
  } catch {
    // not a cursor
  }
  return null;
}

export const encodeFeedCursor = ({ sessionId, offset }: FeedCursor): string =>
  toBase64Url(JSON.stringify([sessionId, offset]));

/** The same session's cursor at another offset; null when the text is not a feed cursor. */
export function cursorAt(cursor: string, offset: number): string | null {
  const decoded = decodeFeedCursor(cursor);
  return decoded && encodeFeedCursor({ sessionId: decoded.sessionId, offset });
}
