import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, UnpaidStrikesTable } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export const insertStrike = (db: Db, strike: Insertable<UnpaidStrikesTable>) =>
  db.insertInto('unpaid_strikes').values(strike).execute();

/** These people's strikes since a time, oldest first (what a suspension is worked out from). */
export const strikesSince = (db: Db, userIds: string[], since: string) =>
  db
    .selectFrom('unpaid_strikes')
    .select(['user_id', 'created_at'])
    .where('user_id', 'in', userIds)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .execute();

/** Everyone with a strike since a time. */
export const strikersSince = async (db: Db, since: string): Promise<string[]> =>
  (await db.selectFrom('unpaid_strikes').select('user_id').distinct().where('created_at', '>', since).execute()).map(
    (s) => s.user_id,
  );

/** A person's own strikes, newest first. */
export const strikesOf = (db: Db, userId: string, limit: number) =>
  db
    .selectFrom('unpaid_strikes')
    .select(['id', 'title', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();

/** Every strike since a time with who it struck, oldest first (the staff's list). */
export const strikesWithPeopleSince = (db: Db, since: string, limit: number) =>
  db
    .selectFrom('unpaid_strikes')
    .innerJoin('users', 'users.id', 'unpaid_strikes.user_id')
    .select(['users.id', 'users.username', 'users.avatar_key', 'unpaid_strikes.created_at'])
    .where('unpaid_strikes.created_at', '>', since)
    .orderBy('unpaid_strikes.created_at')
    .limit(limit)
    .execute();
