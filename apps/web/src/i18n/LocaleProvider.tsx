import { createContext, useCallback, useContext, type ReactNode } from 'react';
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { directionOf, intlLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_S, type Locale } from '@souq/shared';
import { loadCatalog } from './catalogs';

/** `remember: false` for a choice that is already the account's (applied after sign-in). */
type SwitchLocale = (locale: Locale, options?: { remember?: boolean }) => Promise<void>;
const SwitchContext = createContext<SwitchLocale>(async () => {});

/** Sets the page's language and direction, as the server does for the first screen (spa.ts). */
export function applyDocumentLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = directionOf(locale);
}

/**
 * Changes the language on the spot: the catalog is fetched (a chunk of its own), every component
 * re-renders in it, and the choice is remembered on this device; the account keeps it too when
 * someone is signed in (`remember`).
 */
export function LocaleProvider({
  i18n,
  remember,
  children,
}: {
  i18n: I18n;
  remember?: (locale: Locale) => void;
  children: ReactNode;
}) {
  const switchTo = useCallback<SwitchLocale>(
    async (locale, { remember: keep = true } = {}) => {
      const catalog = await loadCatalog(locale);
      i18n.loadAndActivate({ locale, locales: [intlLocale(locale)], messages: catalog as never });
      applyDocumentLocale(locale);
      document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE_S}; samesite=lax`;
      if (keep) remember?.(locale);
    },
    [i18n, remember],
  );
  return (
    <I18nProvider i18n={i18n}>
      <SwitchContext.Provider value={switchTo}>{children}</SwitchContext.Provider>
    </I18nProvider>
  );
}

export const useSwitchLocale = () => useContext(SwitchContext);
