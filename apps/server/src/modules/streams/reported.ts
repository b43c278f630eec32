import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { OnCommit } from '../../lib/after-commit.js';
import type { Clock } from '../../lib/clock.js';
import type { Publish } from '../../lib/events.js';
import type { MediaService } from '../../media/media-service.js';
import * as q from './reported-queries.js';

export type ReportedMessages = ReturnType<typeof createReportedMessages>;

/** How many lines on each side of a reported one staff see. */
const AROUND = 5;

/**
 * Reported chat lines (issue 31): staff see each with the lines around it, and remove one as a
 * host's moderator does, the room hearing of it over the socket once the removal commits.
 */
export function createReportedMessages(deps: {
  db: Kysely<DB>;
  clock: Clock;
  media: Pick<MediaService, 'avatarUrl'>;
  publish: Publish;
}) {
  const { db, clock, media } = deps;
  return {
    /** Who wrote a line (a report on one's own line is refused); undefined when there is no such line. */
    async messageSender(id: string): Promise<string | undefined> {
      return (await q.messagesByIds(db, [id]))[0]?.user_id;
    },

    async reportedMessages(ids: string[]) {
      const rows = await q.messagesByIds(db, ids);
      return Promise.all(
        rows.map(async (m) => ({
          id: m.id,
          streamId: m.stream_id,
          text: m.text,
          removedAt: m.deleted_at,
          owner: { id: m.user_id, username: m.username, profilePic: media.avatarUrl(m.avatar_key) },
          around: (await q.linesAround(db, m.stream_id, m.seq, AROUND)).map((l) => ({
            id: l.id,
            username: l.username,
            text: l.text,
            createdAt: l.created_at,
            reported: l.id === m.id,
            deleted: l.deleted_at !== null,
          })),
        })),
      );
    },

    /** Staff remove a line in the caller's transaction; false when it was already gone. */
    async removeMessage(trx: Kysely<DB>, id: string, onCommit: OnCommit): Promise<boolean> {
      const [row] = await q.messagesByIds(trx, [id]);
      if (!row || !(await q.deleteById(trx, id, clock.iso()))) return false;
      onCommit(() => deps.publish({ type: 'stream.message-deleted', streamId: row.stream_id, messageId: id }));
      return true;
    },
  };
}
