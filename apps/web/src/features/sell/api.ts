import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EditProductInput } from '@souq/shared';
import { call } from '../../api/client';
import { API } from '../../api/contract';
import { productKeys } from '../../api/keys';
import { invalidateProductCatalog, invalidateProductListings } from '../../api/products';
import type { ProductSubmission } from './useProductForm';
import { toProductFormData } from './product-values';

/** Sells a product: its fields, 1–8 images and the optional invoice as one multipart upload. */
export function useCreateProduct(sellerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ data, images, invoice, onProgress }: ProductSubmission) =>
      call(API.catalog.create, { form: toProductFormData(data, images, invoice), onProgress }),
    onSuccess: () => void invalidateProductCatalog(client, sellerId),
  });
}

/** Saves the edited fields; the product as the server now has it goes into the cache, so its page shows it without a round trip. */
export function useUpdateProduct(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EditProductInput) => call(API.catalog.update, { params: { id }, body }),
    onSuccess: (product) => {
      client.setQueryData(productKeys.detail(id), product);
      void invalidateProductListings(client);
    },
  });
}

/**
 * Deletes one of the seller's products. `leave` takes the seller off a page that shows it before
 * it is forgotten, so that page does not fetch it again on its way out. The lists are refreshed
 * either way: a refusal may mean it was already gone.
 */
export function useDeleteProduct(sellerId: string, leave?: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(API.catalog.remove, { params: { id } }),
    onSuccess: (_answer, id) => {
      leave?.();
      client.removeQueries({ queryKey: productKeys.detail(id) });
    },
    onSettled: () => invalidateProductCatalog(client, sellerId),
  });
}
