import { isCategory, PRODUCT_SORT_KEYS, type ProductSort } from '@souq/shared';

export const isSort = (v: string | null): v is ProductSort => v !== null && (PRODUCT_SORT_KEYS as string[]).includes(v);

/** The shop's list as the URL asks for it: one definition for the page and for the early fetch. */
export function shopParams(search: URLSearchParams): { category: string | undefined; sort: ProductSort } {
  const category = search.get('category');
  const requested = search.get('sort');
  return { category: isCategory(category) ? category : undefined, sort: isSort(requested) ? requested : 'popular' };
}
