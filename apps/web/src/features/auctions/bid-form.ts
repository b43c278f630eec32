import {
  bidAtLeast,
  BidSchema,
  formatAED,
  parseAmountToFils,
  toFieldErrors,
  type BidInput,
  type FieldErrors,
} from '@souq/shared';

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
