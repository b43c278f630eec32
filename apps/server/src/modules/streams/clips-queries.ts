import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

export const findShow = (db: Db, id: string) =>
  db.selectFrom('streams').select(['id', 'host_id']).where('id', '=', id).executeTakeFirst();

/** A lot of this show: its auction, if it is one of the show's. */
export const findLot = (db: Db, streamId: string, lotId: string) =>
  db
    .selectFrom('auctions')
    .select(['id', 'status'])
    .where('id', '=', lotId)
    .where('stream_id', '=', streamId)
    .executeTakeFirst();

export const clipOf = (db: Db, auctionId: string) =>
  db.selectFrom('lot_clips').select('storage_key').where('auction_id', '=', auctionId).executeTakeFirst();

/** One clip per lot: a second upload replaces the first. */
export const saveClip = (db: Db, row: DB['lot_clips']) =>
  db
    .insertInto('lot_clips')
    .values(row)
    .onConflict((oc) =>
      oc.column('auction_id').doUpdateSet({
        storage_key: row.storage_key,
        mime_type: row.mime_type,
        bytes: row.bytes,
        duration_ms: row.duration_ms,
        created_at: row.created_at,
      }),
    )
    .execute();

export const clipsOf = (db: Db, auctionIds: readonly string[]) =>
  auctionIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('lot_clips')
        .select(['auction_id', 'storage_key', 'mime_type', 'duration_ms'])
        .where('auction_id', 'in', auctionIds)
        .execute();

export const clipKeys = async (db: Db) =>
  (await db.selectFrom('lot_clips').select('storage_key').execute()).map((r) => r.storage_key);
