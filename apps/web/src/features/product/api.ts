import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { productIdInPath, type Page, type ProductDetail, type Review } from '@souq/shared';
import { api, ApiError, post } from '../../api/client';
import { productApiPath, setProductLike } from '../../api/products';
import type { PageLocation } from '../../api/page-location';

export const productKey = (id: string) => ['product', id] as const;
export const reviewsKey = (id: string) => ['product', id, 'reviews'] as const;


const productQuery = (id: string) =>
  queryOptions({
    queryKey: productKey(id),
    queryFn: ({ signal }) => api<ProductDetail>(productApiPath(id), { signal }),
    enabled: id.length > 0,
  });

export function useProduct(id: string) {
  return useQuery(productQuery(id));
}

/** A first visit to a product page asks for the product while the page's code is still on its way (issue 11). */
export function prefetchProductPage(client: QueryClient, location: PageLocation): Promise<void> | undefined {
  const id = productIdInPath(location.pathname);
  return id ? client.prefetchQuery(productQuery(id)) : undefined;
}

/** Put a product the server just sent into the cache, so the next page shows it without a round trip. */
export function primeProduct(client: QueryClient, product: ProductDetail): void {
  client.setQueryData(productKey(product.id), product);
}

/** After a product is deleted: forget it, and let every list that may have shown it refetch. */
export function forgetProduct(client: QueryClient, id: string): void {
  client.removeQueries({ queryKey: productKey(id) });
  void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'product' });
}

/** Lists (shop, search, profiles) that may show a product are stale after it changes. */
export function invalidateListings(client: QueryClient): void {
  void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'product' });
}

/** Like and unlike, shown at once and put right if the server disagrees. */
export function useLike(id: string) {
  const client = useQueryClient();
  const key = productKey(id);
  return useMutation({
    mutationFn: (like: boolean) => setProductLike(id, like),
    onMutate: async (like) => {
      await client.cancelQueries({ queryKey: key, exact: true });
      const before = client.getQueryData<ProductDetail>(key);
      if (before) {
        const likeCount = Math.max(0, before.likeCount + (like === before.likedByMe ? 0 : like ? 1 : -1));
        client.setQueryData<ProductDetail>(key, { ...before, likedByMe: like, likeCount });
      }
      return { before };
    },
    onError: (_error, _like, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
    onSuccess: (result) => {
      client.setQueryData<ProductDetail>(key, (p) => (p ? { ...p, likedByMe: result.liked, likeCount: result.likeCount } : p));
      invalidateListings(client);
    },
  });
}

/** Newest first, 20 a page (the server's order); asked for once `wanted` (the list is near the screen). */
export function useReviews(id: string, wanted = true) {
  return useInfiniteQuery({
    queryKey: reviewsKey(id),
    queryFn: ({ pageParam, signal }) =>
      api<Page<Review>>(`${productApiPath(id)}/reviews${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: wanted && id.length > 0,
  });
}

/** 'Refresh': back to the first page, fetched again. */
export function useRefreshReviews(id: string): () => Promise<void> {
  const client = useQueryClient();
  return () => client.resetQueries({ queryKey: reviewsKey(id), exact: true });
}

export function useSubmitReview(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { text: string; rating: number }) => post<{ id: string }>(`${productApiPath(id)}/reviews`, input),
    onSettled: async (_data, error) => {
      // A duplicate (409) means there is a review of ours already: the form goes either way.
      const reviewed = !error || (error instanceof ApiError && error.status === 409);
      if (reviewed) client.setQueryData<ProductDetail>(productKey(id), (p) => (p ? { ...p, reviewedByMe: true } : p));
      if (!error) {
        await Promise.all([
          client.invalidateQueries({ queryKey: productKey(id), exact: true }),
          client.resetQueries({ queryKey: reviewsKey(id), exact: true }),
        ]);
        invalidateListings(client);
      }
    },
  });
}
