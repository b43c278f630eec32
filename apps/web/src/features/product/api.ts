import {
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { productIdInPath, type ProductDetail } from '@souq/shared';
import { ApiError, call, type BodyOf } from '../../api/client';
import { API } from '../../api/contract';
import { productKeys } from '../../api/keys';
import type { PageLocation } from '../../api/page-location';
import { invalidateProductListings, setProductLike } from '../../api/products';

const productQuery = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => call(API.catalog.detail, { params: { id }, signal }),
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

/** Like and unlike, shown at once and put right if the server disagrees. */
export function useLike(id: string) {
  const client = useQueryClient();
  const key = productKeys.detail(id);
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
      client.setQueryData<ProductDetail>(key, (p) =>
        p ? { ...p, likedByMe: result.liked, likeCount: result.likeCount } : p,
      );
      void invalidateProductListings(client);
    },
  });
}

/** Newest first, 20 a page (the server's order); asked for once `wanted` (the list is near the screen). */
export function useReviews(id: string, wanted = true) {
  return useInfiniteQuery({
    queryKey: productKeys.reviews(id),
    queryFn: ({ pageParam, signal }) =>
      call(API.reviews.list, { params: { id }, query: { cursor: pageParam || undefined }, signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: wanted && id.length > 0,
  });
}

/** 'Refresh': back to the first page, fetched again. */
export function useRefreshReviews(id: string): () => Promise<void> {
  const client = useQueryClient();
  return () => client.resetQueries({ queryKey: productKeys.reviews(id), exact: true });
}

export function useSubmitReview(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof API.reviews.create>) => call(API.reviews.create, { params: { id }, body }),
    onSettled: async (_data, error) => {
      // A duplicate (409) means there is a review of ours already: the form goes either way.
      const reviewed = !error || (error instanceof ApiError && error.status === 409);
      if (reviewed)
        client.setQueryData<ProductDetail>(productKeys.detail(id), (p) => (p ? { ...p, reviewedByMe: true } : p));
      if (!error) {
        await Promise.all([
          client.invalidateQueries({ queryKey: productKeys.detail(id), exact: true }),
          client.resetQueries({ queryKey: productKeys.reviews(id), exact: true }),
        ]);
        void invalidateProductListings(client);
      }
    },
  });
}
