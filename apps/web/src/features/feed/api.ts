import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { BidResult, FeedItem, FeedItemRef, FeedPage } from '@souq/shared';
import { api, post } from '../../api/client';
import { newIdempotencyKey, placeBid } from '../../api/bids';
import { cursorAt, decodeFeedCursor } from './cursor';

export type FeedData = InfiniteData<FeedPage, string | undefined>;
/** A new session until the server names one; then the session's cursor (from the URL, coming back). */
export const feedKey = (session: string | null) => ['feed', session ?? 'new'] as const;
export const itemKey = (item: Pick<FeedItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;
export const sellerOf = (item: FeedItem) => (item.kind === 'product' ? item.seller : item.auction.seller);

/** A session already in the cache (the one this tab was scrolling a moment ago), so coming back shows it at once. */
function cachedSession(client: QueryClient, session: string): FeedData | undefined {
  const id = decodeFeedCursor(session)?.sessionId;
  if (!id) return undefined;
  for (const [, data] of client.getQueriesData<FeedData>({ queryKey: ['feed'] })) {
    const first = data?.pages[0];
    if (first?.offset === 0 && first.nextCursor && decodeFeedCursor(first.nextCursor)?.sessionId === id) return data;
  }
  return undefined;
}

/**
 * The session's pages, in order. A new visit starts a session (the server fixes its order);
 * a visit that comes back with a session in the URL reads that session again from its start.
 */
export function useFeedPages(session: string | null) {
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: feedKey(session),
    initialPageParam: session ? (cursorAt(session, 0) ?? undefined) : undefined,
    queryFn: ({ pageParam, signal }) => api<FeedPage>(`/api/feed${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    initialData: () => (session ? cachedSession(client, session) : undefined),
    // A session's order is fixed: nothing to refresh while it is open.
    staleTime: Infinity,
  });
}

/** Changes the items of every cached feed session (a like, a follow, a bid shows wherever the item is). */
export function updateFeedItems(client: QueryClient, change: (item: FeedItem) => FeedItem): void {
  client.setQueriesData<FeedData>({ queryKey: ['feed'] }, (data) => data && { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map(change) })) });
}

export const setFollow = (sellerId: string, follow: boolean) =>
  api<{ following: boolean; followersCount: number }>(`/api/users/${encodeURIComponent(sellerId)}/follow`, { method: follow ? 'PUT' : 'DELETE' });

export const notInterested = (ref: FeedItemRef) => post<{ ok: true }>('/api/feed/not-interested', ref);

/** One tap bids the minimum the feed shows; the server answers with the auction as it now stands. A retry passes the same key. */
export const bidMinimum = (auctionId: string, amount: number, key: string): Promise<BidResult> => placeBid(auctionId, { amount }, key);
export { newIdempotencyKey };

/**
 * Opens go in batches. Leaving the page, the request is sent with keepalive so it outlives the
 * page (the route takes JSON, which sendBeacon cannot send without a CORS preflight).
 */
export function sendOpens(opened: FeedItemRef[], leaving: boolean): void {
  void fetch('/api/feed/events', {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: leaving,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ opened }),
  }).catch(() => undefined);
}
