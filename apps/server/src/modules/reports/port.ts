import type { Transaction } from 'kysely';
import type { ReportTarget, ReportedThing, RestoreInput } from '@souq/shared';
import type { DB } from '../../db/schema.js';
import type { OnCommit } from '../../lib/after-commit.js';

// Nothing after reports calls it, so it gives no port. This file declares the slot reports is
// handed instead: what a staff action does to the thing reported lies in the modules that own it,
// so a flow does it (flows/staff-action.ts) and reports keeps only the reports themselves.

/** What one staff action does to a thing, and what the audit log says it was done to. */
export interface StaffActionOn {
  action: 'hide' | 'remove' | 'suspend' | 'dismiss';
  /** The report acted on: a dismissal's audit line is about it. */
  reportId: string;
  kind: ReportTarget;
  targetId: string;
  /** The person a suspension is for: the thing's owner, read before the transaction. */
  person?: string;
  until?: string;
  reason: string;
}

/** The staff-action flow (flows/staff-action.ts), as reports is handed it (compose.ts). */
export interface StaffActions {
  /** Who is answerable for a thing (its seller, author, sender, or the profile's own person); undefined: no such thing. */
  ownerOf(kind: ReportTarget, id: string): Promise<string | undefined>;
  /** Every reported thing of the queue in context, by `kind id`; a thing gone since is marked `gone`. */
  thingsInContext(wanted: Array<{ kind: ReportTarget; id: string }>): Promise<Map<string, ReportedThing>>;
  /** Does the action in the caller's transaction, writes the audit line, and answers what it was done to. */
  act(trx: Transaction<DB>, onCommit: OnCommit, staffId: string, auditAction: string, on: StaffActionOn): Promise<void>;
  /** Shows a hidden listing again or ends a suspension, with its audit line; false if there was nothing to restore. */
  restore(trx: Transaction<DB>, staffId: string, input: RestoreInput): Promise<boolean>;
}
