import { MSG } from '../messages.js';
import { AED_AR } from '../money.js';
import type { Locale } from './locale.js';

/**
 * A language's words for what the API says in English: every `MSG` entry, and the messages that
 * carry an amount. Arabic's is `ARABIC` from `@souq/shared/i18n/ar`; it is passed in rather than
 * imported here, so that importing this file never brings Arabic into an English bundle.
 */
export interface ArabicCatalog {
  /** Every message on the server; a first screen's share of them in the browser until the rest of its catalog comes. */
  messages: Partial<Record<keyof typeof MSG, string>>;
  /** `bidAtLeast(minimum)`, given the minimum already written in Arabic ("1,260.00 د.إ"). */
  bidAtLeast(minimum: string): string;
  /** `alreadyHighest(maximum)`, the same way. */
  alreadyHighest(maximum: string): string;
  /** `biddingSuspendedUntil(date)` (issue 31), the date as the English gives it. */
  biddingSuspendedUntil?(date: string): string;
  /** Cash on delivery's limits (issue 46): `codBlockedUntil(date)`, `codOrderTooLarge(maximum)` (in Arabic), `codTooManyOpen(count)`. */
  codBlockedUntil?(date: string): string;
  codOrderTooLarge?(maximum: string): string;
  codTooManyOpen?(count: string): string;
}

let keyOf: Map<string, keyof typeof MSG> | undefined;

/** "AED 1,260.00" (formatAED) as Arabic writes it: "1,260.00 د.إ". */
const arabicAmount = (english: string) => english.replace(/^(-?)AED (.+)$/, `$1$2 ${AED_AR}`);

// The forms that carry an amount, as messages.ts writes them.
const BID_AT_LEAST = /^Bid amount must be higher than current bid\. Bid at least (-?AED [\d,]+\.\d{2})\.$/;
const ALREADY_HIGHEST = /^You are already the highest bidder, with a maximum of (-?AED [\d,]+\.\d{2})\.$/;
const SUSPENDED_UNTIL = /^Your bidding is suspended until (\d{4}-\d{2}-\d{2}) after two unpaid items\.$/;
const COD_BLOCKED = /^You can't pay cash on delivery until (\d{4}-\d{2}-\d{2}): /;
const COD_TOO_LARGE = /^Cash on delivery is for orders up to (-?AED [\d,]+\.\d{2})\./;
const COD_TOO_MANY = /^You already have (\d+) orders waiting for delivery\./;

/**
 * An English message the API answers with, in `locale`: English comes back as it is; in Arabic a
 * `MSG` value becomes its translation and the amount-carrying forms are rebuilt with the amount in
 * Arabic order. Text that is none of these (a person's own words, a third party's message) comes
 * back unchanged.
 */
export function localizeMessage(message: string, locale: Locale, arabic: ArabicCatalog): string {
  if (locale !== 'ar') return message;
  keyOf ??= new Map(
    (Object.entries(MSG) as Array<[keyof typeof MSG, string]>).reverse().map(([key, text]) => [text, key]),
  );
  const key = keyOf.get(message);
  if (key) return arabic.messages[key] ?? message;
  const atLeast = BID_AT_LEAST.exec(message);
  if (atLeast) return arabic.bidAtLeast(arabicAmount(atLeast[1]!));
  const highest = ALREADY_HIGHEST.exec(message);
  if (highest) return arabic.alreadyHighest(arabicAmount(highest[1]!));
  const suspended = SUSPENDED_UNTIL.exec(message);
  if (suspended && arabic.biddingSuspendedUntil) return arabic.biddingSuspendedUntil(suspended[1]!);
  const blocked = COD_BLOCKED.exec(message);
  if (blocked && arabic.codBlockedUntil) return arabic.codBlockedUntil(blocked[1]!);
  const tooLarge = COD_TOO_LARGE.exec(message);
  if (tooLarge && arabic.codOrderTooLarge) return arabic.codOrderTooLarge(arabicAmount(tooLarge[1]!));
  const tooMany = COD_TOO_MANY.exec(message);
  if (tooMany && arabic.codTooManyOpen) return arabic.codTooManyOpen(tooMany[1]!);
  return message;
}

/** Each field's message, in `locale` (the `fields` of an error answer). */
export function localizeFields(
  fields: Record<string, string>,
  locale: Locale,
  arabic: ArabicCatalog,
): Record<string, string> {
  if (locale !== 'ar') return fields;
  return Object.fromEntries(
    Object.entries(fields).map(([field, message]) => [field, localizeMessage(message, locale, arabic)]),
  );
}
