import { PRIVATE_PREFIX, PUBLIC_PREFIX } from '../adapters/storage/index.js';

/**
 * The one codec for a row's list of image keys (`products.images`, `auctions.images`): a JSON
 * array of storage keys such as `products/<uuid>`, each with a large and a thumbnail rendition.
 * Every module reads and writes the column through here, so the format lives in one place.
 */
export function encodeImageKeys(keys: readonly string[]): string {
  return JSON.stringify(keys);
}

export function decodeImageKeys(column: string): string[] {
  const keys: unknown = JSON.parse(column);
  // Our own column; anything else is a bug that should be loud, not a list of undefined images.
  if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string'))
    throw new Error(`not an image key list: ${column.slice(0, 80)}`);
  return keys as string[];
}

/** The first photo of a row, the one cards and order lines show; null when it has none. */
export function firstImageKey(column: string): string | null {
  return decodeImageKeys(column)[0] ?? null;
}

/** A key whose files are private (a problem's evidence): served only after a permission check, never by URL. */
export const isPrivateImageKey = (key: string): boolean => key.startsWith(PRIVATE_PREFIX);

/**
 * The large and thumbnail files of an image key. A key that starts with `private/` (a problem's
 * evidence photos) names its files as it is, so they sit beside invoices and never get a URL.
 */
export const imageFiles = (key: string) => {
  const base = isPrivateImageKey(key) ? key : `${PUBLIC_PREFIX}${key}`;
  return [`${base}.webp`, `${base}-thumb.webp`];
};
