import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Db = Kysely<DB> | Transaction<DB>;

/** Chat lines by id, with their sender: what a report names (issue 31). */
export const messagesByIds = (db: Db, ids: string[]) =>
  ids.length
    ? db
        .selectFrom('stream_messages')
        .innerJoin('users', 'users.id', 'stream_messages.user_id')
        .select([
          'stream_messages.id',
          'stream_messages.stream_id',
          'stream_messages.seq',
          'stream_messages.text',
          'stream_messages.kind',
          'stream_messages.deleted_at',
          'stream_messages.created_at',
          'users.id as user_id',
          'users.username',
          'users.avatar_key',
        ])
        .where('stream_messages.id', 'in', ids)
        .execute()
    : Promise.resolve([]);

/** The lines just before and after one, in order (stream_messages_recent: stream, seq). */
export const linesAround = (db: Db, streamId: string, seq: number, around: number) =>
  db
    .selectFrom('stream_messages')
    .innerJoin('users', 'users.id', 'stream_messages.user_id')
    .select([
      'stream_messages.id',
      'stream_messages.text',
      'stream_messages.created_at',
      'stream_messages.deleted_at',
      'users.username',
    ])
    .where('stream_messages.stream_id', '=', streamId)
    .where('stream_messages.seq', '>=', seq - around)
    .where('stream_messages.seq', '<=', seq + around)
    .orderBy('stream_messages.seq')
    .execute();

/** Marks a line deleted, once: true only for the call that did. */
export async function deleteById(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('stream_messages')
    .set({ deleted_at: now })
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
