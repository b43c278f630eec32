import { isLocale, LOCALE_COOKIE, localeFromAcceptLanguage, type Locale } from '@souq/shared';

/** The part of the worker's scope the language is read from (a test hands in its own). */
export interface LanguageSources {
  /** Chromium's; absent elsewhere, where the browser's languages decide. */
  cookieStore?: { get(name: string): Promise<{ value?: string } | null> };
  navigator: { languages: readonly string[] };
}

/**
 * The offline page speaks the language the server would have answered in (http/locale.ts): the
 * header switch's cookie first, then the browser's languages. The worker sees no request headers,
 * so it asks the cookie store and the browser itself.
 */
export async function offlineLanguage(scope: LanguageSources): Promise<Locale> {
  const chosen = await scope.cookieStore?.get(LOCALE_COOKIE).then(
    (cookie) => cookie?.value,
    () => undefined,
  );
  if (isLocale(chosen)) return chosen;
  return localeFromAcceptLanguage(scope.navigator.languages.join(','));
}

export const offlinePage = (locale: Locale): string => `/offline.${locale}.html`;
