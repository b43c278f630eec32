import {
  bidAtLeast,
  BidSchema,
  formatAED,
  formatMoney,
  parseAmountToFils,
  toFieldErrors,
  type BidInput,
  type FieldErrors,
  type Locale,
} from '@souq/shared';
import type { Translate } from '../../i18n';

export interface BidValues {
  amount: string;
  maxAmount: string;
}

export type BidCheck = { ok: true; data: BidInput } | { ok: false; fields: FieldErrors };

/** AED text to fils for the schema: blank stays blank (the maximum is optional), nonsense fails its number check. */
const fils = (text: string): number | string => (text.trim() === '' ? '' : (parseAmountToFils(text) ?? Number.NaN));

/** The server's BidSchema, plus the minimum the page knows (the server has the last word on it). */
export function checkBid(values: BidValues, minimum: number): BidCheck {
  const parsed = BidSchema.safeParse({ amount: fils(values.amount), maxAmount: fils(values.maxAmount) });
  if (!parsed.success) return { ok: false, fields: toFieldErrors(parsed.error) };
  if (parsed.data.amount < minimum) return { ok: false, fields: { amount: bidAtLeast(formatAED(minimum)) } };
  return { ok: true, data: parsed.data };
}

/** bidAtLeast's words (ours or the server's, which name the minimum in AED): the minimum, as the reader writes money. */
const AT_LEAST = /^Bid amount must be higher than current bid\. Bid at least AED ([\d,.]+)\.$/;

/** A field's message in the reader's language: bidAtLeast rebuilt around its amount, any other through m(). */
export function bidFieldText(
  text: string | undefined,
  { t, m, locale }: { t: Translate; m: (text: string) => string; locale: Locale },
): string | undefined {
  if (text === undefined) return undefined;
  const amount = AT_LEAST.exec(text)?.[1];
  const minimum = amount === undefined ? null : parseAmountToFils(amount);
  return minimum === null ? m(text) : t('auctions.bid.atLeast', { minimum: formatMoney(minimum, locale) });
}
