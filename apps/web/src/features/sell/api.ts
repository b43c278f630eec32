import type { ProductDetail, ProductInput } from '@souq/shared';
import { api, postForm } from '../../api/client';
import { productApiPath } from '../../api/products';
import { toProductFormData } from './product-form';


/** POST /api/products as multipart: the fields, 1–8 images and the optional invoice. */
export const createProduct = (data: ProductInput, images: readonly File[], invoice: File | null, onProgress?: (fraction: number) => void) =>
  postForm<{ id: string }>('/api/products', toProductFormData(data, images, invoice), onProgress);

/** PUT the edited fields; the server answers with the product as it now is. */
export const updateProduct = (id: string, data: ProductInput) => api<ProductDetail>(productApiPath(id), { method: 'PUT', body: data });

export const deleteProduct = (id: string) => api<{ ok: true }>(productApiPath(id), { method: 'DELETE' });
