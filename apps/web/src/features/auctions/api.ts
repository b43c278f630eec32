import { useInfiniteQuery, useQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { AuctionDetail, AuctionSummary, BidEntry, Page, StartAuctionInput } from '@souq/shared';
import { api, post } from '../../api/client';
import { productApiPath } from '../../api/products';
import { timedRead } from '../../api/server-clock';
import { usePaged } from '../../api/usePaged';

export const auctionKey = (id: string) => ['auction', id] as const;
export const bidsKey = (id: string) => ['auction', id, 'bids'] as const;
export type BidPages = InfiniteData<Page<BidEntry>, string>;

const auctionPath = (id: string) => `/api/auctions/${encodeURIComponent(id)}`;

/** One auction as this viewer sees it. Every read also sets the server clock the countdown runs on. */
export function useAuction(id: string) {
  return useQuery({
    queryKey: auctionKey(id),
    queryFn: ({ signal }) => timedRead(() => api<AuctionDetail>(auctionPath(id), { signal })),
    enabled: id.length > 0,
    // The socket keeps an open page fresh; a page opened again must not show what it saw before.
    staleTime: 0,
  });
}

/** The bidders list, newest first, 25 a page; live bids are put in front of it (useLiveAuction). */
export function useBids(id: string) {
  return useInfiniteQuery({
    queryKey: bidsKey(id),
    queryFn: ({ pageParam, signal }) => api<Page<BidEntry>>(`${auctionPath(id)}/bids${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: id.length > 0,
    staleTime: 0,
  });
}

/** /auction and a seller's "View Auctions" tab. */
export function usePagedAuctions(path: string, params: Record<string, string | undefined>, enabled = true) {
  return usePaged<AuctionSummary>('auctions', path, params, enabled);
}

export const startAuction = (productId: string, input: StartAuctionInput) => post<{ id: string }>(`${productApiPath(productId)}/auction`, input);
export const cancelAuction = (id: string) => post<{ ok: true }>(`${auctionPath(id)}/cancel`);
/** Unsold: the product goes back to the shop at its fixed price. */
export const relistFixed = (id: string) => post<{ productId: string }>(`${auctionPath(id)}/relist`);

/** After an auction starts, ends or is withdrawn, every list that shows it (or its product) is stale. */
export function invalidateAuctionLists(client: QueryClient): void {
  void client.invalidateQueries({ predicate: (q) => ['auctions', 'products', 'product'].includes(String(q.queryKey[0])) });
}
