import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { DB, StreamsTable } from '../../db/schema.js';
import type { Cursor } from '../../lib/cursor.js';

type Db = Kysely<DB> | Transaction<DB>;

/** A stream with its host's name and picture, and its auction's price and leader. */
function withHostAndBid(db: Db) {
  return db
    .selectFrom('streams')
    .innerJoin('users as host', 'host.id', 'streams.host_id')
    .innerJoin('auctions', 'auctions.id', 'streams.auction_id')
    .leftJoin('users as leader', 'leader.id', 'auctions.leader_id')
    .selectAll('streams')
    .select([
      'host.username as host_username',
      'host.avatar_key as host_avatar',
      'auctions.current_bid',
      'auctions.leader_id',
      'auctions.winner_id',
      'auctions.product_id',
      'auctions.title as product_title',
      'auctions.images as product_images',
      'leader.username as leader_username',
      'leader.avatar_key as leader_avatar',
    ]);
}
export type StreamRow = NonNullable<Awaited<ReturnType<typeof findStream>>>;

export const findStream = (db: Db, id: string) => withHostAndBid(db).where('streams.id', '=', id).executeTakeFirst();

export const insertStream = (db: Db, row: Insertable<StreamsTable>) => db.insertInto('streams').values(row).execute();

export async function liveStreamOf(db: Db, hostId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('streams')
    .select('id')
    .where('host_id', '=', hostId)
    .where('status', '=', 'live')
    .executeTakeFirst();
  return row?.id;
}

/** The live list: live streams before ended ones, newest first within each, keyset-paged (scheduled ones are Upcoming's). */
export function listPage(db: Db, limit: number, cursor?: Cursor) {
  const liveRank = sql<number>`(case when streams.status = 'live' then 1 else 0 end)`;
  let q = withHostAndBid(db)
    .select(liveRank.as('live_rank'))
    .where('streams.status', '!=', 'scheduled')
    // A rehearsal is nobody's to find (issue 47).
    .where('streams.rehearsal_pace', 'is', null);
  if (cursor) {
    const [rank, createdAt] = String(cursor[0]).split('|');
    q = q.where(
      sql<boolean>`(${liveRank}, streams.created_at, streams.id) < (${Number(rank)}, ${createdAt}, ${cursor[1]})`,
    );
  }
  return q
    .orderBy(liveRank, 'desc')
    .orderBy('streams.created_at', 'desc')
    .orderBy('streams.id', 'desc')
    .limit(limit)
    .execute();
}

/** Scheduled shows, soonest first. */
export const upcoming = (db: Db, limit: number) =>
  withHostAndBid(db)
    .where('streams.status', '=', 'scheduled')
    .where('streams.rehearsal_pace', 'is', null)
    .orderBy('streams.scheduled_for')
    .orderBy('streams.id')
    .limit(limit)
    .execute();

/** A scheduled show goes live now; only the call that finds it scheduled changes it. */
export async function goLive(db: Db, id: string, now: string, endsAt: string): Promise<boolean> {
  const result = await db
    .updateTable('streams')
    .set({ status: 'live', started_at: now, ends_at: endsAt, host_seen_at: now })
    .where('id', '=', id)
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Puts a lot on screen. While the show is live it is also the show's lock for running a lot: on
 * PostgreSQL the row stays locked to the end of the transaction, on SQLite the transaction
 * already holds the database's, so two starts at once run one after the other.
 */
export async function putOnScreen(db: Db, id: string, auctionId: string, status?: 'live'): Promise<boolean> {
  let q = db.updateTable('streams').set({ auction_id: auctionId }).where('id', '=', id);
  if (status) q = q.where('status', '=', status);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A host's shows not yet over, live or scheduled (a suspension ends them). */
export const showsNotEndedOf = (db: Db, hostId: string) =>
  db
    .selectFrom('streams')
    .select(['id', 'video_room'])
    .where('host_id', '=', hostId)
    .where('status', 'in', ['live', 'scheduled'])
    .execute();

/** Ends a live (or scheduled) stream; only the call that finds it not yet ended changes it. */
export async function endStream(
  db: Db,
  id: string,
  now: string,
  reason: 'host' | 'timer' | 'abandoned',
): Promise<boolean> {
  const result = await db
    .updateTable('streams')
    .set({ status: 'ended', ended_at: now, end_reason: reason })
    .where('id', '=', id)
    .where('status', 'in', ['live', 'scheduled'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Live streams past their timer, or whose host has not been seen since `seenBefore`. */
export const dueStreams = (db: Db, now: string, seenBefore: string) =>
  db
    .selectFrom('streams')
    .select(['id', 'ends_at', 'host_seen_at'])
    .where('status', '=', 'live')
    .where((eb) => eb.or([eb('ends_at', '<=', now), eb('host_seen_at', '<', seenBefore)]))
    .limit(50)
    .execute();

export async function nextDeadline(db: Db): Promise<{ ends_at: string; host_seen_at: string } | undefined> {
  return db
    .selectFrom('streams')
    .select(['ends_at', 'host_seen_at'])
    .where('status', '=', 'live')
    .orderBy('host_seen_at')
    .limit(1)
    .executeTakeFirst();
}

export const markHostSeen = (db: Db, id: string, hostId: string, now: string) =>
  db
    .updateTable('streams')
    .set({ host_seen_at: now })
    .where('id', '=', id)
    .where('host_id', '=', hostId)
    .where('status', '=', 'live')
    .execute();

/** Raises a live show's peak audience; a count at or below it writes nothing (the where clause). */
export const raisePeakViewers = (db: Db, id: string, count: number) =>
  db
    .updateTable('streams')
    .set({ peak_viewers: count })
    .where('id', '=', id)
    .where('status', '=', 'live')
    .where('peak_viewers', '<', count)
    .execute();

export const setVideoRoom = (db: Db, id: string, room: number | null) =>
  db.updateTable('streams').set({ video_room: room }).where('id', '=', id).execute();

/** The chat, newest `limit` messages, oldest first; a hidden line (a muted word) only for its sender. */
export async function recentMessages(db: Db, streamId: string, limit: number, viewerId: string | null = null) {
  const rows = await db
    .selectFrom('stream_messages')
    .innerJoin('users', 'users.id', 'stream_messages.user_id')
    .select([
      'stream_messages.id',
      'stream_messages.kind',
      'stream_messages.text',
      'stream_messages.amount',
      'stream_messages.created_at',
      'stream_messages.lot_title',
      'users.id as user_id',
      'users.username',
      'users.avatar_key',
    ])
    .where('stream_messages.stream_id', '=', streamId)
    .where('stream_messages.deleted_at', 'is', null)
    .where((eb) =>
      viewerId
        ? eb.or([eb('stream_messages.hidden', '=', 0), eb('stream_messages.user_id', '=', viewerId)])
        : eb('stream_messages.hidden', '=', 0),
    )
    .orderBy('stream_messages.seq', 'desc')
    .limit(limit)
    .execute();
  return rows.reverse();
}

/** Stores a message once: a resend with the same id changes nothing. True when this call stored it. */
export async function insertMessage(db: Db, row: Insertable<DB['stream_messages']>): Promise<boolean> {
  const result = await db
    .insertInto('stream_messages')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function deleteMessage(db: Db, streamId: string, messageId: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('stream_messages')
    .set({ deleted_at: now })
    .where('id', '=', messageId)
    .where('stream_id', '=', streamId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const insertBan = (db: Db, streamId: string, userId: string, now: string) =>
  db
    .insertInto('stream_bans')
    .values({ stream_id: streamId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['stream_id', 'user_id']).doNothing())
    .execute();

export async function isBanned(db: Db, streamId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('stream_bans')
    .select('user_id')
    .where('stream_id', '=', streamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of these people the host removed from the stream. */
export async function bannedAmong(db: Db, streamId: string, userIds: string[]): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = await db
    .selectFrom('stream_bans')
    .select('user_id')
    .where('stream_id', '=', streamId)
    .where('user_id', 'in', userIds)
    .execute();
  return rows.map((r) => r.user_id);
}

export const coverKeys = async (db: Db) =>
  (await db.selectFrom('streams').select('cover_key').where('cover_key', 'is not', null).execute()).map(
    (r) => r.cover_key!,
  );

export const userBrief = (db: Db, id: string) =>
  db.selectFrom('users').select(['id', 'username', 'avatar_key']).where('id', '=', id).executeTakeFirst();

/** Whole user rows, for bidding on their behalf (pre-bids). */
export const usersByIds = (db: Db, ids: string[]) =>
  ids.length ? db.selectFrom('users').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]);
