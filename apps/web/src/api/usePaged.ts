import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryKey,
  type UseInfiniteQueryOptions,
} from '@tanstack/react-query';
import type { Page } from '@souq/shared';
import { call, type AnswerOf, type EndpointOf, type RequestOf } from './client';
import type { Route } from './contract';

type ItemOf<R extends Route> = AnswerOf<EndpointOf<R>> extends Page<infer T> ? T : never;
export type PagedOptions<T> = UseInfiniteQueryOptions<
  Page<T>,
  Error,
  InfiniteData<Page<T>, string | undefined>,
  QueryKey,
  string | undefined
>;

/**
 * Any keyset-paged list (ADR 0006): the first page, then "Load more" asks for the next cursor.
 * `request` is the route's request without the cursor, which each page adds.
 */
export function pagedQuery<R extends Route>(
  queryKey: QueryKey,
  route: R,
  request: Omit<RequestOf<EndpointOf<R>>, 'signal'>,
): PagedOptions<ItemOf<R>> {
  const send = call as (route: Route, request: { query?: object; signal: AbortSignal }) => Promise<Page<ItemOf<R>>>;
  const { query, ...rest } = request as { query?: object };
  return infiniteQueryOptions({
    queryKey,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => send(route, { ...rest, query: { ...query, cursor: pageParam }, signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function usePaged<T>(options: PagedOptions<T>, enabled = true) {
  const query = useInfiniteQuery({ ...options, enabled });
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
