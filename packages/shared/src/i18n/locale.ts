/** The languages Souq speaks (issue 29). English is the spec's; Arabic is the Gulf's first language. */
export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/**
 * The cookie that remembers a visitor's choice on this device. It is not a secret and the browser
 * writes it itself (the header's switch); a signed-in person's choice is also kept on the account.
 */
export const LOCALE_COOKIE = 'souq_lang';
/** A year: the choice outlives sessions, as noon's and Amazon's do. */
export const LOCALE_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export const isLocale = (value: unknown): value is Locale => value === 'en' || value === 'ar';

export const directionOf = (locale: Locale): 'rtl' | 'ltr' => (locale === 'ar' ? 'rtl' : 'ltr');

/**
 * The language an `Accept-Language` header prefers among ours: the highest weight wins, and of
 * equal weights the one listed first. `ar-AE`, `ar` and `ar-SA` all mean Arabic.
 */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  // Browsers send a handful of distinct headers; the first screen is asked for thousands of times a second.
  let locale = KNOWN_HEADERS.get(header);
  if (locale === undefined) {
    if (KNOWN_HEADERS.size >= KNOWN_HEADERS_KEPT) KNOWN_HEADERS.clear();
    KNOWN_HEADERS.set(header, (locale = parseAcceptLanguage(header)));
  }
  return locale;
}

const KNOWN_HEADERS = new Map<string, Locale>();
const KNOWN_HEADERS_KEPT = 500;

function parseAcceptLanguage(header: string): Locale {
  let best: { locale: Locale; q: number } | undefined;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (!isLocale(primary)) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { locale: primary, q };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}

/** The value of one cookie in a Cookie header, without parsing the rest. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** A choice made on this device first, then what the browser prefers. */
export function pickLocale(cookieHeader: string | undefined, acceptLanguage: string | undefined): Locale {
  const chosen = cookieValue(cookieHeader, LOCALE_COOKIE);
  return isLocale(chosen) ? chosen : localeFromAcceptLanguage(acceptLanguage);
}

/**
 * The tag Intl formats with. Arabic keeps Western digits (`-u-nu-latn`): noon, Amazon.ae and
 * Carrefour UAE show prices, dates and counts in Arabic with 0–9, and so do the Gulf's receipts.
 */
export const intlLocale = (locale: Locale): string => (locale === 'ar' ? 'ar-AE-u-nu-latn' : 'en-GB');

/**
 * A seller's words in the reader's language: the Arabic they gave for an Arabic reader, the main
 * text otherwise (or when they gave none). Issue 29: "their language's version when there is one".
 */
export const inReaderLanguage = (main: string, arabic: string | null | undefined, locale: Locale): string =>
  locale === 'ar' && arabic ? arabic : main;
