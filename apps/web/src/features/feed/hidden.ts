import { feedItemSeller, type FeedItem } from '@souq/shared';
import { decodeFeedCursor } from './cursor';

/**
 * What "Not interested" took out of one feed session: each seller, from the place in the session
 * where the person dismissed one of their items. The server ranks that seller lower only for
 * sessions started later; this session's order is fixed, so the page takes their items out of
 * what comes next, those already fetched included. What the person already swiped past stays.
 */
export type HiddenSellers = ReadonlyMap<string, number>;

/** The session's items left to show, with each one's place in the session's own order. */
export function visibleItems(all: readonly FeedItem[], hidden: HiddenSellers): FeedItem[] {
  return all.filter((item, place) => {
    const from = hidden.get(feedItemSeller(item));
    return from === undefined || place < from;
  });
}

/** The seller of the item at `place` (in the session's order) hidden from there on. */
export function hideSellerFrom(hidden: HiddenSellers, item: FeedItem, place: number): HiddenSellers {
  const seller = feedItemSeller(item);
  const next = new Map(hidden);
  next.set(seller, Math.min(place, hidden.get(seller) ?? place));
  return next;
}

const storeKey = (session: string | null) => {
  const id = session && decodeFeedCursor(session)?.sessionId;
  return id ? `souq:feed-hidden:${id}` : null;
};

/** Kept per session in the tab, so a reload or coming back lands on the same feed without them. */
export function readHiddenSellers(session: string | null): HiddenSellers {
  const key = storeKey(session);
  try {
    const stored: unknown = key ? JSON.parse(sessionStorage.getItem(key) ?? '{}') : {};
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return new Map();
    return new Map(
      Object.entries(stored).filter((e): e is [string, number] => Number.isInteger(e[1]) && (e[1] as number) >= 0),
    );
  } catch {
    return new Map();
  }
}

export function keepHiddenSellers(session: string | null, hidden: HiddenSellers): void {
  const key = storeKey(session);
  if (key) sessionStorage.setItem(key, JSON.stringify(Object.fromEntries(hidden)));
}
