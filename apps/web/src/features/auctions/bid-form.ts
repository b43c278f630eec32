import { bidAtLeast, BidSchema, formatAED, MSG, parseAmountToFils, toFieldErrors, type BidInput, type FieldErrors } from '@souq/shared';
import { ApiError } from '../../api/client';

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

/** No answer, or the server failed: the same bid may be sent again, with the same key. */
export const isRetryable = (error: unknown) => error instanceof ApiError && (error.code === 'NETWORK' || error.status >= 500);

export type BidProblem =
  | { kind: 'login' }
  | { kind: 'verify' }
  | { kind: 'fields'; fields: FieldErrors }
  | { kind: 'ended'; message: string }
  | { kind: 'message'; message: string };

/** What the bidder is told when a bid does not go through (spec §5 and §8). */
export function bidProblemOf(error: unknown): BidProblem {
  if (!(error instanceof ApiError) || isRetryable(error)) return { kind: 'message', message: MSG.bidFailed };
  switch (error.code) {
    case 'UNAUTHENTICATED':
      return { kind: 'login' };
    case 'EMAIL_NOT_VERIFIED':
      return { kind: 'verify' };
    case 'VALIDATION_FAILED':
      return Object.keys(error.fields).length > 0 ? { kind: 'fields', fields: error.fields } : { kind: 'message', message: error.message };
    case 'CONFLICT':
      return { kind: 'ended', message: error.message };
    case 'FORBIDDEN':
    case 'RATE_LIMITED':
    case 'NOT_FOUND':
      return { kind: 'message', message: error.message };
    default:
      return { kind: 'message', message: MSG.bidFailed };
  }
}
