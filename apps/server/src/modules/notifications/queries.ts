import { type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Channel } from '@souq/shared';
import { prepared } from '../../db/prepared.js';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/**
 * Adds notifications, or, where the person has an unread one of the same kind about the same
 * subject, brings that one up to date instead: ten bids on your auction are one line, not ten.
 * One statement for all of them (a batch of bids tells many people at once), so each (person,
 * kind, subject) may appear once. Returns every row it stored. Built, not run: a caller may send
 * it inside its own statement (ADR 0026).
 */
export const upsertUnread = (db: Db, rows: DB['notifications'][]) =>
  db
    .insertInto('notifications')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'kind', 'subject'])
        .where('read_at', 'is', null)
        .doUpdateSet((eb) => ({
          title: eb.ref('excluded.title'),
          body: eb.ref('excluded.body'),
          link: eb.ref('excluded.link'),
          created_at: eb.ref('excluded.created_at'),
        })),
    )
    .returningAll();

/** Not a kind its person switched off on the bell (issue 48). */
const onTheBell = (eb: ExpressionBuilder<DB, 'notifications'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('notification_mutes as m')
        .select('m.kind')
        .whereRef('m.user_id', '=', 'notifications.user_id')
        .whereRef('m.kind', '=', 'notifications.kind')
        .where('m.channel', '=', 'bell'),
    ),
  );

const unread = prepared((db, p: { userId: string }) =>
  db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', p.userId)
    .where('read_at', 'is', null)
    .where(onTheBell),
);

export const latest = (db: Db, userId: string, limit: number) =>
  db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .where(onTheBell)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

export async function unreadCount(db: Db, userId: string): Promise<number> {
  return Number((await unread(db, { userId }))[0]?.n ?? 0);
}

/** Unread counts of several people in one statement (the bells rung in one turn); those with none are left out. */
export async function unreadCounts(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .selectFrom('notifications')
    .select((eb) => ['user_id', eb.fn.countAll<number>().as('n')])
    .where('user_id', 'in', userIds)
    .where('read_at', 'is', null)
    .where(onTheBell)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

export const markAllRead = (db: Db, userId: string, at: string) =>
  db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();

/** Keeps each person's newest notifications; older read ones go. */
export const deleteReadBefore = (db: Db, before: string) =>
  db.deleteFrom('notifications').where('read_at', 'is not', null).where('created_at', '<', before).execute();

/** The kinds each of these people switched off on a channel, as `user kind` pairs. */
export async function mutedPairs(db: Db, userIds: string[], channel: Channel): Promise<Set<string>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .selectFrom('notification_mutes')
    .select(['user_id', 'kind'])
    .where('user_id', 'in', userIds)
    .where('channel', '=', channel)
    .execute();
  return new Set(rows.map((r) => `${r.user_id} ${r.kind}`));
}

export const mutesOf = (db: Db, userId: string) =>
  db.selectFrom('notification_mutes').select(['kind', 'channel']).where('user_id', '=', userId).execute();

/** Sets one person's switches for these kinds: rows for those off, none for those on. */
export async function setMutes(
  trx: Transaction<DB>,
  userId: string,
  kinds: readonly string[],
  off: Array<{ kind: string; channel: Channel }>,
): Promise<void> {
  if (!kinds.length) return;
  await trx.deleteFrom('notification_mutes').where('user_id', '=', userId).where('kind', 'in', kinds).execute();
  if (off.length) {
    await trx
      .insertInto('notification_mutes')
      .values(off.map((o) => ({ user_id: userId, kind: o.kind, channel: o.channel })))
      .execute();
  }
}
