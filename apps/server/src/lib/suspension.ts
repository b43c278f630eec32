import { MSG, type Suspension } from '@souq/shared';
import type { UserRow } from '../db/schema.js';
import { DomainError } from './errors.js';

/**
 * Why and until when staff suspended this person (issue 31), or null. A suspension ends by its
 * date alone: nothing has to run for a person to be let back, so the check is on the row every
 * request already has (the session's user), against the server's clock.
 */
export function suspensionOf(
  user: Pick<UserRow, 'suspended_until' | 'suspended_reason'>,
  now: string,
): Suspension | null {
  return user.suspended_until && user.suspended_until > now
    ? { until: user.suspended_until, reason: user.suspended_reason ?? '' }
    : null;
}

/** The one refusal while suspended: at every write that reaches others (http/contract-routes.ts), bidding and chatting. */
export function refuseIfSuspended(user: Pick<UserRow, 'suspended_until' | 'suspended_reason'>, now: string): void {
  if (suspensionOf(user, now)) throw new DomainError('FORBIDDEN', MSG.accountSuspended);
}
