import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export const findShow = (db: Db, id: string) =>
  db
    .selectFrom('streams')
    .select(['id', 'host_id', 'status', 'ended_at', 'video_room'])
    .where('id', '=', id)
    .executeTakeFirst();

export const replayOf = (db: Db, streamId: string) =>
  db.selectFrom('stream_replays').selectAll().where('stream_id', '=', streamId).executeTakeFirst();

/** The recording's row, made by its first piece; a second first piece (a reload) keeps the first's start. */
export const startRecording = (db: Db, streamId: string, startedAt: string) =>
  db
    .insertInto('stream_replays')
    .values({ stream_id: streamId, status: 'recording', started_at: startedAt })
    .onConflict((oc) => oc.column('stream_id').doNothing())
    .execute();

export const pieceOf = (db: Db, streamId: string, seq: number) =>
  db
    .selectFrom('replay_pieces')
    .select('storage_key')
    .where('stream_id', '=', streamId)
    .where('seq', '=', seq)
    .executeTakeFirst();

export const savePiece = (db: Db, row: Insertable<DB['replay_pieces']>) =>
  db
    .insertInto('replay_pieces')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['stream_id', 'seq']).doUpdateSet({
        storage_key: row.storage_key,
        bytes: row.bytes,
        end_ms: row.end_ms,
        created_at: row.created_at,
      }),
    )
    .execute();

export const piecesOf = (db: Db, streamId: string) =>
  db
    .selectFrom('replay_pieces')
    .select(['seq', 'storage_key', 'end_ms'])
    .where('stream_id', '=', streamId)
    .orderBy('seq')
    .execute();

export const removePieces = (db: Db, streamId: string) =>
  db.deleteFrom('replay_pieces').where('stream_id', '=', streamId).execute();

/** Recordings of shows that ended before `endedBefore`: ready to be joined. */
export const dueToJoin = async (db: Db, endedBefore: string): Promise<string[]> =>
  (
    await db
      .selectFrom('stream_replays')
      .innerJoin('streams', 'streams.id', 'stream_replays.stream_id')
      .select('stream_replays.stream_id')
      .where('stream_replays.status', '=', 'recording')
      .where('streams.status', '=', 'ended')
      .where('streams.ended_at', '<=', endedBefore)
      .limit(20)
      .execute()
  ).map((r) => r.stream_id);

/** One instance joins a recording: the claim moves it on from 'recording' in one statement. */
export async function claimJoin(db: Db, streamId: string): Promise<boolean> {
  const result = await db
    .updateTable('stream_replays')
    .set({ status: 'empty' })
    .where('stream_id', '=', streamId)
    .where('status', '=', 'recording')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const markReady = (
  db: Db,
  streamId: string,
  ready: { storage_key: string; bytes: number; duration_ms: number; ready_at: string; started_at?: string },
) =>
  db
    .updateTable('stream_replays')
    .set({ status: 'ready', ...ready })
    .where('stream_id', '=', streamId)
    .execute();

export const markDeleted = (db: Db, streamId: string, at: string) =>
  db
    .updateTable('stream_replays')
    .set({ status: 'deleted', deleted_at: at, storage_key: null })
    .where('stream_id', '=', streamId)
    .where('status', '=', 'ready')
    .execute();

export const readyBefore = async (db: Db, before: string) =>
  db
    .selectFrom('stream_replays')
    .select(['stream_id', 'storage_key'])
    .where('status', '=', 'ready')
    .where('ready_at', '<', before)
    .limit(100)
    .execute();

/** The show's lots that ran, in the order they started: the replay's chapters. */
export const ranLots = (db: Db, streamId: string) =>
  db
    .selectFrom('auctions')
    .select(['id', 'title', 'lot_position', 'status', 'current_bid', 'starts_at'])
    .where('stream_id', '=', streamId)
    .where('lot_position', 'is not', null)
    .where('status', 'in', ['sold', 'unsold'])
    .orderBy('starts_at')
    .execute();

/** Every stored file a replay names (the orphan sweep keeps them). */
export const storedKeys = async (db: Db): Promise<string[]> => [
  ...(await db.selectFrom('stream_replays').select('storage_key').where('storage_key', 'is not', null).execute()).map(
    (r) => r.storage_key!,
  ),
  ...(await db.selectFrom('replay_pieces').select('storage_key').execute()).map((r) => r.storage_key),
];
