import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

// The feed owns what it alone records: opens, "Not interested", and each session's fixed order.
// What a person liked, bought, bid on or follows, and the candidates, come from the services
// that own those tables.

/** On PostgreSQL the table is unlogged (migration 2026-11-24-204): a session's commit waits for no disk. */
export const insertSession = (db: Db, row: DB['feed_sessions']) => db.insertInto('feed_sessions').values(row).execute();
export const findSession = (db: Db, id: string) =>
  db.selectFrom('feed_sessions').selectAll().where('id', '=', id).executeTakeFirst();
export const deleteSessionsBefore = (db: Db, before: string) =>
  db.deleteFrom('feed_sessions').where('created_at', '<', before).execute();

export const insertOpens = (db: Db, rows: DB['item_opens'][]) =>
  rows.length ? db.insertInto('item_opens').values(rows).execute() : Promise.resolve();
export const deleteOpensBefore = (db: Db, before: string) =>
  db.deleteFrom('item_opens').where('created_at', '<', before).execute();

export const hide = (db: Db, row: DB['feed_hidden']) =>
  db
    .insertInto('feed_hidden')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'item_id']).doNothing())
    .execute();

export const recentOpens = (db: Db, userId: string, limit: number) =>
  db
    .selectFrom('item_opens')
    .select(['item_id', 'seller_id', 'category'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();

export const hiddenBy = (db: Db, userId: string, limit: number) =>
  db
    .selectFrom('feed_hidden')
    .select(['item_id', 'seller_id', 'category'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
