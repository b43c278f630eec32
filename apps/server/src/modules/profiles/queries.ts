import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { inList, prepared } from '../../db/prepared.js';

type Db = Kysely<DB> | Transaction<DB>;

// The profiles module owns the public face of a user (name, picture, bio, counts) and follows;
// sign-in data in the same row belongs to the accounts module.

export const findProfile = (db: Db, id: string) =>
  db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'avatar_key',
      'bio',
      'contact_email',
      'posts_count',
      'followers_count',
      'following_count',
      'created_at',
    ])
    .where('id', '=', id)
    .executeTakeFirst();

export const updateProfile = (
  db: Db,
  id: string,
  changes: { username: string; bio: string; contact_email: string | null },
) => db.updateTable('users').set(changes).where('id', '=', id).execute();

/** Pictures people uploaded (not the default one), for the orphan sweep. */
export const avatarKeys = async (db: Db): Promise<string[]> =>
  (await db.selectFrom('users').select('avatar_key').where('avatar_key', 'is not', null).execute()).map(
    (r) => r.avatar_key!,
  );

export const setAvatarKey = (db: Db, id: string, key: string) =>
  db.updateTable('users').set({ avatar_key: key }).where('id', '=', id).execute();

export const adjustPostsCount = (db: Db, id: string, delta: number) =>
  db
    .updateTable('users')
    .set({ posts_count: sql`posts_count + ${delta}` })
    .where('id', '=', id)
    .execute();

export async function isFollowing(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  const row = await db
    .selectFrom('follows')
    .select('follower_id')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  return row !== undefined;
}

/** True only for the call that created the row, so counts move once however often it is clicked. */
export async function insertFollow(db: Db, followerId: string, followeeId: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('follows')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: at })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function deleteFollow(db: Db, followerId: string, followeeId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('follows')
    .where('follower_id', '=', followerId)
    .where('followee_id', '=', followeeId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function adjustFollowCounts(db: Db, followerId: string, followeeId: string, delta: 1 | -1): Promise<void> {
  // Both rows are locked in id order, so A following B while B follows A cannot deadlock.
  const bumps: Array<[string, 'following_count' | 'followers_count']> = [
    [followerId, 'following_count'],
    [followeeId, 'followers_count'],
  ];
  bumps.sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [id, column] of bumps)
    await db
      .updateTable('users')
      .set(column, sql`${sql.ref(column)} + ${delta}`)
      .where('id', '=', id)
      .execute();
}

export const followedIds = async (db: Db, followerId: string, limit: number) =>
  (
    await db.selectFrom('follows').select('followee_id').where('follower_id', '=', followerId).limit(limit).execute()
  ).map((f) => f.followee_id);

/** Who follows this person (a show going live tells them: issue 30). */
export const followerIds = async (db: Db, followeeId: string) =>
  (await db.selectFrom('follows').select('follower_id').where('followee_id', '=', followeeId).execute()).map(
    (f) => f.follower_id,
  );

// Prepared (a list as one value): a feed page asks this on every request.
const followedAmongOf = prepared((db, p: { followerId: string; ids: string[] }, dialect) =>
  db
    .selectFrom('follows')
    .select('followee_id')
    .where('follower_id', '=', p.followerId)
    .where(inList(dialect, 'followee_id', p.ids)),
);

export const followedAmong = async (db: Db, followerId: string, ids: string[]) =>
  ids.length ? (await followedAmongOf(db, { followerId, ids })).map((f) => f.followee_id) : [];
