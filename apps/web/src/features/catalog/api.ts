import type { QueryClient } from '@tanstack/react-query';
import { API } from '../../api/contract';
import { productKeys } from '../../api/keys';
import type { PageLocation } from '../../api/page-location';
import { pagedQuery, usePaged } from '../../api/usePaged';
import { shopParams } from './shop-params';

const shopQuery = (search: URLSearchParams) => {
  const query = shopParams(search);
  return pagedQuery(productKeys.list('shop', query), API.catalog.list, { query });
};

/**
 * A first visit to the shop asks for its products at once, while the page's own code is still
 * on its way, instead of after it (issue 11: the request no longer waits for the route chunk).
 */
export function prefetchShop(client: QueryClient, location: PageLocation): Promise<void> | undefined {
  if (location.pathname !== '/') return undefined;
  return client.prefetchInfiniteQuery(shopQuery(new URLSearchParams(location.search)));
}

export const useShopProducts = (search: URLSearchParams) => usePaged(shopQuery(search));

export function useSearchResults(query: { q: string; sort: string; order: 'asc' | 'desc' }) {
  return usePaged(pagedQuery(productKeys.list('search', query), API.catalog.search, { query }), query.q.length > 0);
}

export function useSellerProducts(userId: string, enabled = true) {
  return usePaged(
    pagedQuery(productKeys.list('seller', { userId }), API.profiles.products, { params: { id: userId } }),
    enabled,
  );
}

export function useMyLikes(enabled: boolean) {
  return usePaged(pagedQuery(productKeys.list('likes'), API.profiles.likes, {}), enabled);
}
