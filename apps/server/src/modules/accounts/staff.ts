import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** One line of the audit log: who did what to which thing, and why (issue 31). */
export interface StaffActionEntry {
  staffId: string;
  action: string;
  targetKind: string;
  targetId: string;
  reason: string;
}

/** Appends to the audit log in the caller's transaction, so an action and its record land together or not at all. */
export async function recordStaffAction(db: Db, entry: StaffActionEntry, at: string): Promise<void> {
  await db
    .insertInto('staff_actions')
    .values({
      id: crypto.randomUUID(),
      staff_id: entry.staffId,
      action: entry.action,
      target_kind: entry.targetKind,
      target_id: entry.targetId,
      reason: entry.reason,
      created_at: at,
    })
    .execute();
}

/** The audit log, newest first, with each staff member's username. */
export const staffActions = (db: Db, limit: number, before?: { createdAt: string; id: string }) => {
  let query = db
    .selectFrom('staff_actions')
    .innerJoin('users', 'users.id', 'staff_actions.staff_id')
    .select([
      'staff_actions.id',
      'staff_actions.action',
      'staff_actions.target_kind',
      'staff_actions.target_id',
      'staff_actions.reason',
      'staff_actions.created_at',
      'users.username as staff_username',
    ]);
  if (before)
    query = query.where((eb) =>
      eb.or([
        eb('staff_actions.created_at', '<', before.createdAt),
        eb.and([eb('staff_actions.created_at', '=', before.createdAt), eb('staff_actions.id', '<', before.id)]),
      ]),
    );
  return query.orderBy('staff_actions.created_at', 'desc').orderBy('staff_actions.id', 'desc').limit(limit).execute();
};

/**
 * Suspends a non-staff account until a time, or (with null) ends a suspension still running at
 * `now`: a conditional update, so an account that is not in the state the change starts from is
 * left alone and the answer is false.
 */
export async function setSuspension(
  db: Db,
  userId: string,
  suspension: { until: string; reason: string } | null,
  now?: string,
): Promise<boolean> {
  let q = db
    .updateTable('users')
    .set(
      suspension
        ? { suspended_until: suspension.until, suspended_reason: suspension.reason }
        : { suspended_until: null, suspended_reason: null },
    )
    .where('id', '=', userId);
  q = suspension ? q.where('staff', '=', 0) : q.where('suspended_until', '>', now ?? '');
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Makes an account staff; false when no account has that email. Only the command line calls this. */
export async function grantStaff(db: Db, email: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ staff: 1 })
    .where('email', '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
