import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;
export type SubscriptionRow = DB['push_subscriptions'];
export type OutboxRow = DB['push_outbox'];

/**
 * Keeps a device's subscription: the same address again (a renewed key, another person signing
 * in on that device) takes the row over, never doubles it.
 */
export const upsertSubscription = (db: Db, row: SubscriptionRow) =>
  db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet((eb) => ({
        user_id: eb.ref('excluded.user_id'),
        session_id_hash: eb.ref('excluded.session_id_hash'),
        p256dh: eb.ref('excluded.p256dh'),
        auth: eb.ref('excluded.auth'),
        created_at: eb.ref('excluded.created_at'),
      })),
    )
    .execute();

/** Drops a person's subscriptions beyond their newest `keep`. */
export async function dropOldest(db: Db, userId: string, keep: number): Promise<void> {
  const old = await db
    .selectFrom('push_subscriptions')
    .select('id')
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1000)
    .execute();
  if (old.length)
    await db
      .deleteFrom('push_subscriptions')
      .where(
        'id',
        'in',
        old.map((r) => r.id),
      )
      .execute();
}

export const subscriptionOf = (db: Db, userId: string, endpoint: string) =>
  db
    .selectFrom('push_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();

export const deleteSubscription = (db: Db, id: string) =>
  db.deleteFrom('push_subscriptions').where('id', '=', id).execute();

export const subscriptionsOf = (db: Db, userId: string) =>
  db
    .selectFrom('push_subscriptions')
    .select(['id', 'endpoint', 'p256dh', 'auth'])
    .where('user_id', '=', userId)
    .execute();

export const queue = (db: Db, rows: OutboxRow[]) => db.insertInto('push_outbox').values(rows).execute();

/** Waiting messages, with where each goes. */
const withAddress = (db: Db) =>
  db
    .selectFrom('push_outbox as o')
    .innerJoin('push_subscriptions as s', 's.id', 'o.subscription_id')
    .select([
      'o.id',
      'o.payload',
      'o.urgency',
      'o.attempts',
      'o.due_at',
      's.id as subscriptionId',
      's.endpoint',
      's.p256dh',
      's.auth',
    ]);

/** Messages due now, oldest first. */
export const due = (db: Db, now: string, limit: number) =>
  withAddress(db).where('o.due_at', '<=', now).orderBy('o.due_at').limit(limit).execute();

export type DueMessage = Awaited<ReturnType<typeof due>>[number];

/**
 * Takes a message for one sender: moves its due time on, only if no other instance has since.
 * Whoever moved it sends it; a sender that dies leaves it due again at `until`.
 */
export async function claim(db: Db, message: Pick<DueMessage, 'id' | 'due_at'>, until: string): Promise<boolean> {
  const result = await db
    .updateTable('push_outbox')
    .set({ due_at: until })
    .where('id', '=', message.id)
    .where('due_at', '=', message.due_at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const sent = (db: Db, id: string) => db.deleteFrom('push_outbox').where('id', '=', id).execute();

export const retryAt = (db: Db, id: string, attempts: number, at: string) =>
  db.updateTable('push_outbox').set({ attempts, due_at: at }).where('id', '=', id).execute();
