import type { QueryClient } from '@tanstack/react-query';
import { call } from './client';
import { API } from './contract';
import { feedKeys, productKeys, profileKeys } from './keys';

/** Like (PUT) or unlike (DELETE), from the product page or the For You feed. */
export const setProductLike = (id: string, like: boolean) =>
  call(like ? API.catalog.like : API.catalog.unlike, { params: { id } });

/** A product's price, likes or reviews changed: every list that shows it (lists and the feed show those figures). */
export function invalidateProductListings(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: productKeys.lists() }),
    client.invalidateQueries({ queryKey: feedKeys.all }),
  ]);
}

/** A product came or went: its lists, and its seller's profile (which counts the seller's products). */
export function invalidateProductCatalog(client: QueryClient, sellerId: string): Promise<unknown> {
  return Promise.all([
    invalidateProductListings(client),
    client.invalidateQueries({ queryKey: profileKeys.detail(sellerId) }),
  ]);
}
