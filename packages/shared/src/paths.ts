/**
 * The product page's address, read by the web app (to fetch the product while the page's code
 * loads) and by the server (to hint the page's main photo): one pattern for both. Any case, and
 * an optional trailing slash, as the router matches it.
 */
const PRODUCT_PAGE = /^\/product\/([^/]+)\/?$/i;

/** A product page's path. */
export const productPath = (id: string): string => `/product/${encodeURIComponent(id)}`;

/** An auction page's path: notifications link to it, and mails to it on the public address. */
export const auctionPath = (id: string): string => `/auction/${encodeURIComponent(id)}`;

/** The product id in a product page's path, or null for any other path. */
export function productIdInPath(pathname: string): string | null {
  const raw = PRODUCT_PAGE.exec(pathname)?.[1];
  if (!raw) return null;
  try {
    return decodeURIComponent(raw);
  } catch {
    return null; // a malformed escape names no product
  }
}
