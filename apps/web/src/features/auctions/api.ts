import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { AuctionSort, BidEntry, Page, StartAuctionInput } from '@souq/shared';
import { call } from '../../api/client';
import { API } from '../../api/contract';
import { auctionKeys, productKeys } from '../../api/keys';
import { timedRead } from '../../api/server-clock';
import { pagedQuery, usePaged } from '../../api/usePaged';

export type BidPages = InfiniteData<Page<BidEntry>, string>;

/** One auction as this viewer sees it. Every read also sets the server clock the countdown runs on. */
export function useAuction(id: string) {
  return useQuery({
    queryKey: auctionKeys.detail(id),
    queryFn: ({ signal }) => timedRead(() => call(API.auctions.detail, { params: { id }, signal })),
    enabled: id.length > 0,
    // The socket keeps an open page fresh; a page opened again must not show what it saw before.
    staleTime: 0,
  });
}

/** The bidders list, newest first, 25 a page; live bids are put in front of it (useLiveAuction). */
export function useBids(id: string) {
  return useInfiniteQuery({
    queryKey: auctionKeys.bids(id),
    queryFn: ({ pageParam, signal }) =>
      call(API.auctions.bids, { params: { id }, query: { cursor: pageParam || undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: id.length > 0,
    staleTime: 0,
  });
}

/** /auction: open auctions by category and sort. */
export function useAuctionList(query: { category: string | undefined; sort: AuctionSort }) {
  return usePaged(pagedQuery(auctionKeys.list('open', query), API.auctions.list, { query }));
}

/** A seller's "View Auctions" tab. */
export function useSellerAuctions(userId: string, enabled: boolean) {
  return usePaged(
    pagedQuery(auctionKeys.list('seller', { userId }), API.auctions.bySeller, { params: { id: userId } }),
    enabled,
  );
}

/** After an auction starts, ends or is withdrawn, every list that shows it or its product (and the product itself) is stale. */
function invalidateAuctionLists(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: auctionKeys.lists() }),
    client.invalidateQueries({ queryKey: productKeys.all }),
  ]);
}

export function useStartAuction(productId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StartAuctionInput) => call(API.auctions.start, { params: { id: productId }, body }),
    onSuccess: () => void invalidateAuctionLists(client),
  });
}

/** Withdraws an auction nobody has bid on; its page shows it cancelled once read again. */
export function useCancelAuction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(API.auctions.cancel, { params: { id } }),
    onSuccess: () => {
      void invalidateAuctionLists(client);
      return client.invalidateQueries({ queryKey: auctionKeys.detail(id) });
    },
  });
}

/** Unsold: the product goes back to the shop at its fixed price. */
export function useRelistFixed(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(API.auctions.relist, { params: { id } }),
    onSuccess: () => void invalidateAuctionLists(client),
  });
}

/** The seller's second-chance offer to the runner-up (issue 31); the page reads itself again after. */
export function useOfferSecondChance(auctionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(API.wins.offerSecondChance, { params: { id: auctionId } }),
    onSettled: () => client.invalidateQueries({ queryKey: auctionKeys.detail(auctionId) }),
  });
}

/** The runner-up's one tap on the offer: accept (an order waiting for their address) or decline. */
export function useAnswerSecondChance(auctionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ offerId, accept }: { offerId: string; accept: boolean }) =>
      call(accept ? API.wins.acceptSecondChance : API.wins.declineSecondChance, { params: { id: offerId } }),
    onSettled: () => client.invalidateQueries({ queryKey: auctionKeys.detail(auctionId) }),
  });
}
