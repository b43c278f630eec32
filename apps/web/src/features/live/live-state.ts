import type { ChatMessage, StreamCard, StreamLive } from '@souq/shared';

/** Pure state steps for the live screens: the socket's news applied to what the page shows. */

/** The most chat lines a page keeps (the server sends the last 100 to late joiners). */
export const CHAT_KEEP = 200;

/**
 * A stream's news, unless it is older than what the page has: each event carries the whole live
 * state with its auction's sequence number, and the end outranks everything.
 */
export function applyStreamLive<T extends StreamLive>(current: T, live: StreamLive): T {
  if (current.id !== live.id) return current;
  if (current.status === 'ended' && live.status !== 'ended') return current;
  if (live.status === current.status && live.seq < current.seq) return current;
  return { ...current, ...live };
}

/** New chat lines after the ones the page has, each once, oldest first, at most CHAT_KEEP. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const seen = new Set(current.map((m) => m.id));
  const added = incoming.filter((m) => !seen.has(m.id) && (seen.add(m.id), true));
  if (added.length === 0) return current as ChatMessage[];
  const all = [...current, ...added].sort((a, b) =>
    a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0,
  );
  return all.length > CHAT_KEEP ? all.slice(all.length - CHAT_KEEP) : all;
}

export const withoutMessage = (current: readonly ChatMessage[], id: string): ChatMessage[] =>
  current.some((m) => m.id === id) ? current.filter((m) => m.id !== id) : (current as ChatMessage[]);

const pad = (n: number) => String(n).padStart(2, '0');

/** The viewer's countdown: MM:SS, minutes past 59 kept whole ("75:00"). */
export function formatMMSS(seconds: number): string {
  const s = Math.max(0, seconds);
  return `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
}

/** The host's and the list's countdown, 'Xm Ys' once put in words (TimeLeft): whole minutes and the seconds left over. */
export function minSec(seconds: number): { minutes: number; seconds: number } {
  const s = Math.max(0, seconds);
  return { minutes: Math.floor(s / 60), seconds: s % 60 };
}

/** Live before ended, newest first (the server's order; kept when cards change status live). */
export function sortCards(cards: readonly StreamCard[]): StreamCard[] {
  return [...cards].sort((a, b) =>
    a.status === b.status
      ? a.startedAt < b.startedAt
        ? 1
        : a.startedAt > b.startedAt
          ? -1
          : 0
      : a.status === 'live'
        ? -1
        : 1,
  );
}

/** The person was leading and someone else now is: the outbid chime's moment. */
export function wasOutbid(
  before: StreamLive['highestBid'],
  after: StreamLive['highestBid'],
  me: string | null,
): boolean {
  return me !== null && before?.user.id === me && after !== null && after.user.id !== me;
}
