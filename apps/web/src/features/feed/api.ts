import {
  useInfiniteQuery,
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { FeedItem, FeedItemRef, FeedPage } from '@souq/shared';
import { newIdempotencyKey, placeBid } from '../../api/bids';
import { call } from '../../api/client';
import { API } from '../../api/contract';
import { setFollow } from '../../api/follows';
import { auctionKeys, feedKeys, productKeys, profileKeys } from '../../api/keys';
import { setProductLike } from '../../api/products';
import { cursorAt, decodeFeedCursor } from './cursor';

export type FeedData = InfiniteData<FeedPage, string | undefined>;
export const itemKey = (item: Pick<FeedItem, 'kind' | 'id'>) => `${item.kind}:${item.id}`;
export const sellerOf = (item: FeedItem) => (item.kind === 'product' ? item.seller : item.auction.seller);

/** A session already in the cache (the one this tab was scrolling a moment ago), so coming back shows it at once. */
function cachedSession(client: QueryClient, session: string): FeedData | undefined {
  const id = decodeFeedCursor(session)?.sessionId;
  if (!id) return undefined;
  for (const [, data] of client.getQueriesData<FeedData>({ queryKey: feedKeys.all })) {
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
    queryKey: feedKeys.session(session),
    initialPageParam: session ? (cursorAt(session, 0) ?? undefined) : undefined,
    queryFn: ({ pageParam, signal }) => call(API.feed.page, { query: { cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    initialData: () => (session ? cachedSession(client, session) : undefined),
    // A session's order is fixed: nothing to refresh while it is open.
    staleTime: Infinity,
  });
}

/** Changes the items of every cached feed session (a like, a follow, a bid shows wherever the item is). */
export function updateFeedItems(client: QueryClient, change: (item: FeedItem) => FeedItem): void {
  client.setQueriesData<FeedData>(
    { queryKey: feedKeys.all },
    (data) => data && { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map(change) })) },
  );
}

type Like = { id: string; like: boolean; before: { likedByMe: boolean; likeCount: number } };

/** Like or unlike a product in the feed: shown at once, then as the server counts it, and put back if it refuses. */
export function useLikeItem() {
  const client = useQueryClient();
  const show = (id: string, likedByMe: boolean, likeCount: number) =>
    updateFeedItems(client, (i) =>
      i.kind === 'product' && i.id === id ? { ...i, likedByMe, product: { ...i.product, likeCount } } : i,
    );
  return useMutation({
    mutationFn: ({ id, like }: Like) => setProductLike(id, like),
    onMutate: ({ id, like, before }) => show(id, like, Math.max(0, before.likeCount + (like ? 1 : -1))),
    onSuccess: (result, { id }) => {
      show(id, result.liked, result.likeCount);
      void client.invalidateQueries({ queryKey: productKeys.detail(id) });
    },
    onError: (_error, { id, before }) => show(id, before.likedByMe, before.likeCount),
  });
}

/** Follow or unfollow an item's seller: every item of theirs in the feed shows it, and so will their profile. */
export function useFollowSeller() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sellerId, follow }: { sellerId: string; follow: boolean }) => setFollow(sellerId, follow),
    onSuccess: (result, { sellerId }) => {
      updateFeedItems(client, (i) => (sellerOf(i).id === sellerId ? { ...i, followingSeller: result.following } : i));
      void client.invalidateQueries({ queryKey: profileKeys.detail(sellerId) });
    },
  });
}

/** One tap bids the minimum the feed shows; the server answers with the auction as it now stands. A retry passes the same key. */
export function useBidMinimum() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, amount, key }: { id: string; amount: number; key: string }) => placeBid(id, { amount }, key),
    onSuccess: ({ auction: live }, { id }) => {
      updateFeedItems(client, (i) =>
        i.kind === 'auction' && i.id === id
          ? {
              ...i,
              minimumBid: live.minimumBid,
              auction: {
                ...i.auction,
                currentBid: live.currentBid,
                bidCount: live.bidCount,
                endsAt: live.endsAt,
                status: live.status,
              },
            }
          : i,
      );
      void client.invalidateQueries({ queryKey: auctionKeys.detail(id) });
    },
  });
}
export { newIdempotencyKey };

/** Show less of this item's seller and category; the feed has already hidden it, so a failure is only logged. */
export function useNotInterested() {
  return useMutation({
    mutationFn: (ref: FeedItemRef) => call(API.feed.notInterested, { body: ref }),
    onError: (error) => console.warn('not interested failed:', error),
  });
}

/**
 * Opens go in batches. Leaving the page, the request is sent with keepalive so it outlives the
 * page (the route takes JSON, which sendBeacon cannot send without a CORS preflight).
 */
export function sendOpens(opened: FeedItemRef[], leaving: boolean): void {
  call(API.feed.events, { body: { opened }, keepalive: leaving }).catch(() => undefined);
}
