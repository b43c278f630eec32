import type { Locale } from '@souq/shared';
import type en from './en';

/** Every message's key: `t()` takes nothing else, so a typo or a removed message fails the build. */
export type MessageKey = keyof typeof en;
/** A catalog as the build hands it over: each message compiled (build/compile-catalogs.ts). */
export type Catalog = Record<string, unknown>;

/**
 * Each language's catalog is a chunk of its own, fetched only by a visitor who reads it: the
 * server names the reader's in the page's head so it arrives with the entry (page-locale.ts).
 */
export async function loadCatalog(locale: Locale): Promise<Catalog> {
  const module = locale === 'ar' ? await import('./ar') : await import('./en');
  return module.default as unknown as Catalog;
}
