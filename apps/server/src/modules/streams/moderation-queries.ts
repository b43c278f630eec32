import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { DialectName } from '../../db/database.js';

type Db = Kysely<DB> | Transaction<DB>;

// The room's moderation (issue 30): the host's moderators, mutes and muted words.

/** What the room's rules need of a stream. */
export const streamRef = (db: Db, id: string) =>
  db
    .selectFrom('streams')
    .select(['id', 'host_id', 'muted_words', 'status', 'title'])
    .where('id', '=', id)
    .executeTakeFirst();

export const isModerator = async (db: Db, hostId: string, userId: string): Promise<boolean> =>
  (await db
    .selectFrom('host_moderators')
    .select('user_id')
    .where('host_id', '=', hostId)
    .where('user_id', '=', userId)
    .executeTakeFirst()) !== undefined;

/** The host's moderators with their public face, in the order they were named. */
export const moderators = (db: Db, hostId: string) =>
  db
    .selectFrom('host_moderators')
    .innerJoin('users', 'users.id', 'host_moderators.user_id')
    .select(['users.id', 'users.username', 'users.avatar_key'])
    .where('host_moderators.host_id', '=', hostId)
    .orderBy('host_moderators.created_at')
    .orderBy('users.username')
    .execute();

/** A person by username, as people type it (any case). */
export const userByUsername = (db: Db, username: string) =>
  db
    .selectFrom('users')
    .select(['id', 'username', 'avatar_key'])
    .where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase()))
    .executeTakeFirst();

export const userBriefs = (db: Db, ids: readonly string[]) =>
  ids.length
    ? db
        .selectFrom('users')
        .select(['id', 'username', 'avatar_key'])
        .where('id', 'in', [...ids])
        .orderBy('username')
        .execute()
    : Promise.resolve([]);

/**
 * Holds the host's moderator list until the transaction ends, so two adds at once cannot both
 * see room for one more. SQLite's write transaction is already alone; on PostgreSQL the host's
 * row is locked (no key update: rows that merely reference the host are not held up).
 */
export async function lockModerators(trx: Transaction<DB>, hostId: string, dialect: DialectName): Promise<void> {
  if (dialect === 'postgres')
    await trx.selectFrom('users').select('id').where('id', '=', hostId).forNoKeyUpdate().execute();
}

export const countModerators = async (db: Db, hostId: string): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('host_moderators')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('host_id', '=', hostId)
        .executeTakeFirstOrThrow()
    ).n,
  );

export const insertModerator = (db: Db, hostId: string, userId: string, at: string) =>
  db
    .insertInto('host_moderators')
    .values({ host_id: hostId, user_id: userId, created_at: at })
    .onConflict((oc) => oc.columns(['host_id', 'user_id']).doNothing())
    .execute();

export const deleteModerator = async (db: Db, hostId: string, userId: string): Promise<boolean> =>
  Number(
    (
      await db
        .deleteFrom('host_moderators')
        .where('host_id', '=', hostId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    ).numDeletedRows,
  ) > 0;

/** A mute starts now again if one was already running: the last mute's end counts. */
export const upsertMute = (db: Db, streamId: string, userId: string, until: string) =>
  db
    .insertInto('stream_mutes')
    .values({ stream_id: streamId, user_id: userId, until })
    .onConflict((oc) => oc.columns(['stream_id', 'user_id']).doUpdateSet({ until }))
    .execute();

/** When this person's mute in this stream ends, if it has not ended by `now`. */
export const mutedUntil = async (db: Db, streamId: string, userId: string, now: string): Promise<string | null> =>
  (
    await db
      .selectFrom('stream_mutes')
      .select('until')
      .where('stream_id', '=', streamId)
      .where('user_id', '=', userId)
      .where('until', '>', now)
      .executeTakeFirst()
  )?.until ?? null;

/** Mutes that ended before `now`: nothing reads them any more. */
export const deleteEndedMutes = (db: Db, now: string) =>
  db.deleteFrom('stream_mutes').where('until', '<=', now).execute();

/** The host's muted words, stored whole as a JSON array on the stream. */
export const setMutedWords = (db: Db, streamId: string, json: string) =>
  db.updateTable('streams').set({ muted_words: json }).where('id', '=', streamId).execute();
