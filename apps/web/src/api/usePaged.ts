import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { Page } from '@souq/shared';
import { api } from './client';

/**
 * Any keyset-paged list (ADR 0006): the first page, then "Load more" asks for the next cursor.
 * The key's first part names the kind of item ('products', 'auctions'), so a change can
 * invalidate every list of that kind.
 */
export function pagedQuery<T>(kind: string, path: string, params: Record<string, string | undefined>) {
  return infiniteQueryOptions({
    queryKey: [kind, path, params],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => {
      const search = new URLSearchParams();
      for (const [k, v] of Object.entries({ ...params, cursor: pageParam })) if (v) search.set(k, v);
      return api<Page<T>>(`${path}?${search}`, { signal });
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function usePaged<T>(kind: string, path: string, params: Record<string, string | undefined>, enabled = true) {
  const query = useInfiniteQuery({ ...pagedQuery<T>(kind, path, params), enabled });
  return {
    items: query.data?.pages.flatMap((p) => p.items) ?? [],
    loading: query.isPending && enabled,
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    more: () => void query.fetchNextPage(),
    retry: () => void query.refetch(),
  };
}
