import { productIdInPath } from '@souq/shared';

/**
 * What the service worker keeps a copy of, to show offline (ADR 0058): the shop's first page and
 * the products a person opened. Nothing else: not the socket, sign-in, the cart, bids, offers or
 * anything about the person, and never an answer to a request that changes something.
 */
interface Asked {
  method: string;
  url: URL;
}

const PRODUCT_ANSWER = /^\/api\/products\/[^/]+$/;

/** The shop's first page of products (no cursor: "Load more" asks for the next), or one product's details. */
export function keptAnswer({ method, url }: Asked, origin: string): boolean {
  if (method !== 'GET' || url.origin !== origin) return false;
  if (url.pathname === '/api/products') return !url.searchParams.get('cursor');
  return PRODUCT_ANSWER.test(url.pathname);
}

/** The shop's page and a product's, the pages those answers fill. */
export function keptPage({ method, url }: Asked, origin: string): boolean {
  if (method !== 'GET' || url.origin !== origin) return false;
  return url.pathname === '/' || productIdInPath(url.pathname) !== null;
}

/**
 * One copy of the shop's page however it was opened: the installed app starts at `/?source=pwa`
 * (its manifest's start_url), and a copy kept from a visit in the browser serves it offline.
 */
export function pageKey(url: URL): string {
  const key = new URL(url);
  key.searchParams.delete('source');
  key.hash = '';
  return key.href;
}

/** Signing out: copies kept while signed in (a product's "liked by me") must not outlive the session. */
export const SIGN_OUT_PATHS = new Set(['/api/auth/logout', '/api/auth/logout-all']);
