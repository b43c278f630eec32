import { useInfiniteQuery } from '@tanstack/react-query';
import type { Page, ProductSummary } from '@souq/shared';
import { api } from '../../api/client';

/** Any cursor-paged product list: the shop, search results, a seller's products, my likes. */
export function usePagedProducts(path: string, params: Record<string, string | undefined>, enabled = true) {
  const query = useInfiniteQuery({
    queryKey: ['products', path, params],
    enabled,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams();
      for (const [k, v] of Object.entries({ ...params, cursor: pageParam })) if (v) search.set(k, v);
      return api<Page<ProductSummary>>(`${path}?${search}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  return {
    items: query.data?.pages.flatMap((p) => p.items) ?? [],
    loading: query.isPending && enabled,
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    more: () => void query.fetchNextPage(),
  };
}
