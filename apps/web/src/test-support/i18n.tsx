import type { ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import type { Locale } from '@souq/shared';
import { createI18n, LocaleProvider } from '../i18n';
import { sharedWords, type Catalog } from '../i18n/catalogs';
import en from '../i18n/catalogs/en';
import enRest from '../i18n/catalogs/en-rest';
import ar, { sharedWords as arabicWords } from '../i18n/catalogs/ar';
import arRest from '../i18n/catalogs/ar-rest';

const CATALOGS = { en: { ...en, ...enRest }, ar: { ...ar, ...arRest } } as unknown as Record<Locale, Catalog>;
sharedWords.ar = arabicWords;

/** A component inside the app's language, as the app renders it (App.tsx). */
export function inLocale(ui: ReactNode, locale: Locale = 'en') {
  return <LocaleProvider i18n={createI18n(locale, CATALOGS[locale])}>{ui}</LocaleProvider>;
}

/** testing-library's render, inside the language (English unless told). */
export function renderInLocale(ui: ReactNode, options?: RenderOptions & { locale?: Locale }) {
  const { locale, ...rest } = options ?? {};
  const view = render(inLocale(ui, locale), rest);
  return { ...view, rerender: (next: ReactNode) => view.rerender(inLocale(next, locale)) };
}
