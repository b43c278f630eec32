import { type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Adds a notification, or, when the person has an unread one of the same kind about the same
 * subject, brings that one up to date instead: ten bids on your auction are one line, not ten.
 */
export const upsertUnread = (db: Db, row: DB['notifications']) =>
  db
    .insertInto('notifications')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind', 'subject'])
        .where('read_at', 'is', null)
        .doUpdateSet({ title: row.title, body: row.body, link: row.link, created_at: row.created_at }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();

export const latest = (db: Db, userId: string, limit: number) =>
  db.selectFrom('notifications').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();

export async function unreadCount(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const markAllRead = (db: Db, userId: string, at: string) =>
  db.updateTable('notifications').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null).execute();

/** Keeps each person's newest notifications; older read ones go. */
export const deleteReadBefore = (db: Db, before: string) =>
  db.deleteFrom('notifications').where('read_at', 'is not', null).where('created_at', '<', before).execute();

