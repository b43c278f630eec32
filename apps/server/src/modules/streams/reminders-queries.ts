import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

// Reminders for scheduled shows (issue 30): who asked to be told when a show goes live.

export const insertReminder = (db: Db, streamId: string, userId: string, at: string) =>
  db
    .insertInto('stream_reminders')
    .values({ stream_id: streamId, user_id: userId, created_at: at })
    .onConflict((oc) => oc.columns(['stream_id', 'user_id']).doNothing())
    .execute();

export const deleteReminder = (db: Db, streamId: string, userId: string) =>
  db.deleteFrom('stream_reminders').where('stream_id', '=', streamId).where('user_id', '=', userId).execute();

export const isReminded = async (db: Db, streamId: string, userId: string): Promise<boolean> =>
  (await db
    .selectFrom('stream_reminders')
    .select('user_id')
    .where('stream_id', '=', streamId)
    .where('user_id', '=', userId)
    .executeTakeFirst()) !== undefined;

export const remindedIds = async (db: Db, streamId: string): Promise<string[]> =>
  (await db.selectFrom('stream_reminders').select('user_id').where('stream_id', '=', streamId).execute()).map(
    (r) => r.user_id,
  );
