import type { MSG } from '../messages.js';
import type { ArabicCatalog } from './localize.js';
import { codBlockedUntilAr, codOrderTooLargeAr, codTooManyOpenAr } from './messages-ar-cod.js';
import { alreadyHighestAr, bidAtLeastAr, biddingSuspendedUntilAr, FIRST_MSG_AR } from './messages-ar-first.js';
import { LATER_MSG_AR } from './messages-ar-later.js';

export { ARABIC_FIRST, alreadyHighestAr, bidAtLeastAr, biddingSuspendedUntilAr } from './messages-ar-first.js';
export { ARABIC_LATER } from './messages-ar-later.js';

/**
 * Every message of `MSG` in Modern Standard Arabic, as a Gulf shopper reads noon (issue 29): a
 * first screen's share (messages-ar-first.ts) and the rest (messages-ar-later.ts). The words
 * follow docs/glossary.md: one thing, one name. "Souq" stays the brand in Latin letters, as noon
 * keeps "noon"; amounts are Western digits with د.إ after them ("10,000,000 د.إ").
 *
 * Kept out of the package's main entry (`@souq/shared/i18n/ar`), so an English visitor's first
 * bundle never carries it.
 */
export const MSG_AR: Record<keyof typeof MSG, string> = { ...LATER_MSG_AR, ...FIRST_MSG_AR };

export const ARABIC: ArabicCatalog = {
  messages: MSG_AR,
  bidAtLeast: bidAtLeastAr,
  alreadyHighest: alreadyHighestAr,
  biddingSuspendedUntil: biddingSuspendedUntilAr,
  codBlockedUntil: codBlockedUntilAr,
  codOrderTooLarge: codOrderTooLargeAr,
  codTooManyOpen: codTooManyOpenAr,
};

const arabicPlural = new Intl.PluralRules('ar');

/**
 * "3 مزايدات": a count of bids by Arabic's plural rules (zero, one, two, few, many, other), with
 * Western digits as everywhere in Souq's Arabic. One and two are said in words, as Arabic does.
 */
export function bidsLabelAr(n: number): string {
  const digits = groupDigits(n);
  switch (arabicPlural.select(n)) {
    case 'zero':
      return 'لا مزايدات';
    case 'one':
      return 'مزايدة واحدة';
    case 'two':
      return 'مزايدتان';
    case 'few':
      return `${digits} مزايدات`;
    default:
      // many (11–99) and other (100, 1000…) both take the singular: "11 مزايدة"، "100 مزايدة".
      return `${digits} مزايدة`;
  }
}

const groupDigits = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
