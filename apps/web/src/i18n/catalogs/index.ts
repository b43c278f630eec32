import type { I18n } from '@lingui/core';
import type { ArabicCatalog, Locale } from '@souq/shared';
import type en from './en';
import type enRest from './en-rest';

/** Every message's key: `t()` takes nothing else, so a typo or a removed message fails the build. */
export type MessageKey = keyof typeof en | keyof typeof enRest;
/** A catalog as the build hands it over: each message compiled (build/compile-catalogs.ts). */
export type Catalog = Record<string, unknown>;

/**
 * Each language's catalog is in two chunks, fetched only by a visitor who reads it: what every
 * first screen needs (the shell, the shop, a product), which the server names in the page's head
 * so it arrives with the entry (page-locale.ts), and the rest, fetched with any other page's code
 * (loadRestOfCatalog). A first visit to the shop is a phone's heaviest download (issue 29's budget).
 */
const CORE: Record<Locale, () => Promise<{ default: object; sharedWords?: ArabicCatalog }>> = {
  en: () => import('./en'),
  ar: () => import('./ar'),
};
const REST: Record<Locale, () => Promise<{ default: object; laterWords?: Partial<ArabicCatalog> }>> = {
  en: () => import('./en-rest'),
  ar: () => import('./ar-rest'),
};

/** The page's own Lingui instance (main.tsx), which the rest of the catalog is added to. */
let pageI18n: I18n | undefined;
/** Whether some page has asked for the rest: a language switch then fetches it in the new language too. */
let restWanted = false;
const loadedRest = new Set<Locale>();

export function catalogsFor(i18n: I18n): void {
  pageI18n = i18n;
}

/** A language's catalog: the first screens', and the rest once any page has needed it. */
export async function loadCatalog(locale: Locale): Promise<Catalog> {
  const [core, rest] = await Promise.all([CORE[locale](), restWanted ? REST[locale]() : undefined]);
  if (core.sharedWords) sharedWords[locale] = core.sharedWords;
  if (rest) addLaterWords(locale, rest.laterWords);
  if (rest) loadedRest.add(locale);
  return { ...core.default, ...rest?.default } as Catalog;
}

/**
 * Adds the rest of the page's language to its catalog (once per language); everything showing
 * renders again with it. Pages other than the first screens wait for it with their code.
 */
export async function loadRestOfCatalog(): Promise<void> {
  restWanted = true;
  const i18n = pageI18n;
  if (!i18n) return;
  const locale = i18n.locale as Locale;
  if (loadedRest.has(locale)) return;
  const rest = await REST[locale]();
  addLaterWords(locale, rest.laterWords);
  loadedRest.add(locale);
  i18n.load(locale, rest.default as never);
}

/**
 * The server's words (MSG and the messages that carry an amount) in each language but English,
 * once its catalog has loaded: the same record the server answers with (`@souq/shared/i18n/ar`).
 */
export const sharedWords: Partial<Record<Locale, ArabicCatalog>> = {};

/** The rest's share of the server's words, added to the first screens' share. */
function addLaterWords(locale: Locale, later: Partial<ArabicCatalog> | undefined): void {
  const first = sharedWords[locale];
  if (!first || !later) return;
  sharedWords[locale] = { ...first, ...later, messages: { ...first.messages, ...later.messages } };
}
