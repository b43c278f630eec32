import type { ArabicCatalog, Locale } from '@souq/shared';
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
  if (locale !== 'ar') return (await import('./en')).default as unknown as Catalog;
  const arabic = await import('./ar');
  sharedWords.ar = arabic.sharedWords;
  return arabic.default as unknown as Catalog;
}

/**
 * The server's words (MSG and the messages that carry an amount) in each language but English,
 * once its catalog has loaded: the same record the server answers with (`@souq/shared/i18n/ar`).
 */
export const sharedWords: Partial<Record<Locale, ArabicCatalog>> = {};
