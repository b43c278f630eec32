import { directionOf, type Locale } from '@souq/shared';
import type { PageChunks } from './page-chunks.js';

/** What index.html says before the app runs, in each language; the app's catalogs say the rest. */
const SHELL_WORDS: Record<Locale, { title: string; description: string }> = {
  en: {
    title: "Souq — the Gulf's marketplace",
    description: 'Souq — buy, sell and bid across the Gulf. Prices in AED.',
  },
  ar: {
    title: 'Souq — سوق الخليج',
    description: 'Souq — تسوّق وبِع وزايد في أنحاء الخليج. الأسعار بالدرهم الإماراتي.',
  },
};

/** The source file of each language's catalog, the key of its chunk in the build's manifest. */
const CATALOG_MODULE: Record<Locale, string> = {
  en: 'src/i18n/catalogs/en.ts',
  ar: 'src/i18n/catalogs/ar.ts',
};

/**
 * index.html in one language (issue 29): `<html lang dir>` set before the first paint, so Arabic
 * is laid out right to left from its first frame, the language's catalog named in the head so
 * it downloads with the entry rather than after it, and the web app manifest in that language
 * (ADR 0058), so the installed app's name, shortcuts and direction are the person's.
 */
export function inLocale(page: string, locale: Locale, chunks: PageChunks): string {
  const words = SHELL_WORDS[locale];
  const preloads = chunks([CATALOG_MODULE[locale]])
    .filter((url) => !page.includes(`"${url}"`))
    .map((url) => `<link rel="modulepreload" crossorigin href="${url}">`)
    .join('');
  return page
    .replace(/<html\b[^>]*>/, `<html lang="${locale}" dir="${directionOf(locale)}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${words.title}</title>`)
    .replace(/<meta name="description" content="[^"]*"/, `<meta name="description" content="${words.description}"`)
    .replace(
      /<link rel="manifest" href="\/manifest\.[a-z]+\.webmanifest"/,
      `<link rel="manifest" href="/manifest.${locale}.webmanifest"`,
    )
    .replace('</head>', `${preloads}</head>`);
}
