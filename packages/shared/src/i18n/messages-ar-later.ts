import type { ArabicCatalog } from './localize.js';
import { codBlockedUntilAr, codOrderTooLargeAr, codTooManyOpenAr, COD_MSG_AR } from './messages-ar-cod.js';
import { OFFER_MSG_AR } from './messages-ar-offers.js';
import { PUSH_MSG_AR } from './messages-ar-push.js';
import { SHOW_PROMO_MSG_AR } from './messages-ar-shows.js';

/**
 * The Arabic of the parts a first screen never shows (cash on delivery's limits, offers, show
 * promotions, push): the browser fetches it with the rest of its catalog (ADR 0035).
 */
export const LATER_MSG_AR = { ...COD_MSG_AR, ...OFFER_MSG_AR, ...PUSH_MSG_AR, ...SHOW_PROMO_MSG_AR };

export const ARABIC_LATER: Pick<ArabicCatalog, 'messages' | 'codBlockedUntil' | 'codOrderTooLarge' | 'codTooManyOpen'> =
  {
    messages: LATER_MSG_AR,
    codBlockedUntil: codBlockedUntilAr,
    codOrderTooLarge: codOrderTooLargeAr,
    codTooManyOpen: codTooManyOpenAr,
  };
