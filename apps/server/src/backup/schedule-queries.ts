import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** The one schedule there is; the column leaves room for others (an S3 copy, say). */
const NAME = 'scheduled';

export async function ensureSchedule(db: Kysely<DB>, at: string): Promise<void> {
  await db
    .insertInto('backup_schedule')
    .values({ name: NAME, created_at: at })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

export function readSchedule(db: Kysely<DB>) {
  return db.selectFrom('backup_schedule').selectAll().where('name', '=', NAME).executeTakeFirstOrThrow();
}

/**
 * Takes the run, when it is due (no success since `dueBefore`) and nobody holds it, until
 * `until`. One conditional update: of several instances asking at once, one gets the row.
 */
export async function claimRun(db: Kysely<DB>, now: string, dueBefore: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('backup_schedule')
    .set({ claimed_until: until })
    .where('name', '=', NAME)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .where((eb) => eb.or([eb('last_success_at', 'is', null), eb('last_success_at', '<=', dueBefore)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function recordSuccess(db: Kysely<DB>, at: string, backup: string): Promise<void> {
  await db
    .updateTable('backup_schedule')
    .set({ last_success_at: at, last_backup: backup, claimed_until: null })
    .where('name', '=', NAME)
    .execute();
}

/** A failed run keeps the claim until `retryAt`: no instance tries again before then. */
export async function recordFailure(db: Kysely<DB>, retryAt: string): Promise<void> {
  await db.updateTable('backup_schedule').set({ claimed_until: retryAt }).where('name', '=', NAME).execute();
}
