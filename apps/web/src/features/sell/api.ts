import type { ProductDetail, ProductInput } from '@souq/shared';
import { api, postForm } from '../../api/client';
import { toProductFormData } from './product-form';

const productPath = (id: string) => `/api/products/${encodeURIComponent(id)}`;

/** POST /api/products as multipart: the fields, 1–8 images and the optional invoice. */
export const createProduct = (data: ProductInput, images: readonly File[], invoice: File | null, onProgress?: (fraction: number) => void) =>
  postForm<{ id: string }>('/api/products', toProductFormData(data, images, invoice), onProgress);

/** PUT the edited fields; the server answers with the product as it now is. */
export const updateProduct = (id: string, data: ProductInput) => api<ProductDetail>(productPath(id), { method: 'PUT', body: data });

export const deleteProduct = (id: string) => api<{ ok: true }>(productPath(id), { method: 'DELETE' });
