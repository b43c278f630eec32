import { setupI18n, type I18n } from '@lingui/core';
import { intlLocale, type Locale } from '@souq/shared';
import type { Catalog } from './catalogs';

/**
 * One Lingui instance per page (and per server render, so two visitors' renders never share
 * one). `locales` makes Lingui format numbers and pick plurals as we do everywhere else:
 * Arabic plural forms, Western digits (shared/i18n/locale.ts).
 */
export function createI18n(locale: Locale, catalog: Catalog): I18n {
  return setupI18n({
    locale,
    locales: [intlLocale(locale)],
    messages: { [locale]: catalog as never },
  });
}
