import type { ProductSummary } from '@souq/shared';
import { usePaged } from '../../api/usePaged';

/** Any cursor-paged product list: the shop, search results, a seller's products, my likes. */
export function usePagedProducts(path: string, params: Record<string, string | undefined>, enabled = true) {
  return usePaged<ProductSummary>('products', path, params, enabled);
}
