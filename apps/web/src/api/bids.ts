import { MSG, type BidInput, type FieldErrors } from '@souq/shared';
import { ApiError, call } from './client';
import { API } from './contract';
import { noteEngaged } from './engagement';

/**
 * Bidding on a timed auction, shared by the auction page's form and the For You feed's
 * one-tap "bid the minimum": one API, one idempotency rule, one set of messages.
 */

/** POST a bid. The key names this attempt: a retry after a lost answer sends the same one and bids once. */
export const placeBid = (id: string, input: BidInput, idempotencyKey: string) =>
  call(API.auctions.placeBid, { params: { id }, body: input, headers: { 'idempotency-key': idempotencyKey } }).then(
    (result) => (noteEngaged(), result),
  );

/**
 * A new Idempotency-Key: 32 hex digits (the header allows 8–64 of [A-Za-z0-9_-]). getRandomValues,
 * unlike randomUUID, also works on a page served over plain http.
 */
export const newIdempotencyKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** No answer, or the server failed: the same bid may be sent again, with the same key. */
export const isRetryable = (error: unknown) =>
  error instanceof ApiError && (error.code === 'NETWORK' || error.status >= 500);

export type BidProblem =
  | { kind: 'login' }
  | { kind: 'verify' }
  | { kind: 'fields'; fields: FieldErrors }
  | { kind: 'ended'; message: string }
  | { kind: 'message'; message: string };

/** What the bidder is told when a bid does not go through: sign in, verify, the field at fault, the auction's end, or the server's words. */
export function bidProblemOf(error: unknown): BidProblem {
  if (!(error instanceof ApiError) || isRetryable(error)) return { kind: 'message', message: MSG.bidFailed };
  switch (error.code) {
    case 'UNAUTHENTICATED':
      return { kind: 'login' };
    case 'EMAIL_NOT_VERIFIED':
      return { kind: 'verify' };
    case 'VALIDATION_FAILED':
      return Object.keys(error.fields).length > 0
        ? { kind: 'fields', fields: error.fields }
        : { kind: 'message', message: error.message };
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
