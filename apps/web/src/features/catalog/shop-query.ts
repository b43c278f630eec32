import type { QueryClient } from '@tanstack/react-query';
import { isCategory, PRODUCT_SORT_KEYS, type ProductSort, type ProductSummary } from '@souq/shared';
import { pagedQuery } from '../../api/usePaged';
import type { PageLocation } from '../../api/page-location';

export const isSort = (v: string | null): v is ProductSort => v !== null && (PRODUCT_SORT_KEYS as string[]).includes(v);

/** The shop's list as the URL asks for it: one definition for the page and for the early fetch. */
export function shopParams(search: URLSearchParams): { category: string | undefined; sort: ProductSort } {
  const category = search.get('category');
  const requested = search.get('sort');
  return { category: isCategory(category) ? category : undefined, sort: isSort(requested) ? requested : 'popular' };
}

export const shopQuery = (search: URLSearchParams) => pagedQuery<ProductSummary>('products', '/api/products', shopParams(search));

/**
 * A first visit to the shop asks for its products at once, while the page's own code is still
 * on its way, instead of after it (issue 11: the request no longer waits for the route chunk).
 */
export function prefetchShop(client: QueryClient, location: PageLocation): Promise<void> | undefined {
  if (location.pathname !== '/') return undefined;
  return client.prefetchInfiniteQuery(shopQuery(new URLSearchParams(location.search)));
}
