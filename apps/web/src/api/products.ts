import { api } from './client';

/** Where the API keeps one product: the product page, selling, auctions and the feed all write to it. */
export const productApiPath = (id: string) => `/api/products/${encodeURIComponent(id)}`;

/** Like (PUT) or unlike (DELETE), from the product page or the For You feed. */
export const setProductLike = (id: string, like: boolean) =>
  api<{ liked: boolean; likeCount: number }>(`${productApiPath(id)}/like`, { method: like ? 'PUT' : 'DELETE' });
