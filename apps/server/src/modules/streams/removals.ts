import type { Kysely } from 'kysely';
import { MSG } from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { ShowAccess, StreamsDeps } from './show-deps.js';
import * as q from './queries.js';

const NONE_REFUSED: ReadonlyMap<string, DomainError> = new Map();

/** Who the host or a moderator took out of a show: their lines deleted, themselves removed, and no bid of theirs on its lots. */
export function createRemovals(deps: StreamsDeps & { access: ShowAccess }) {
  const { db, clock } = deps;
  const { moderated } = deps.access;
  return {
    /** Who may bid on a stream's auction, however they bid: nobody the host removed from it. */
    async bidGate(
      runner: Kysely<DB>,
      auction: { streamId: string | null },
      bidderIds: string[],
    ): Promise<ReadonlyMap<string, DomainError>> {
      if (!auction.streamId) return NONE_REFUSED;
      const banned = await q.bannedAmong(runner, auction.streamId, bidderIds);
      return new Map(banned.map((userId) => [userId, new DomainError('FORBIDDEN', MSG.removedCannotBid)]));
    },

    async deleteMessage(moderator: UserRow, streamId: string, messageId: string): Promise<void> {
      await moderated(moderator, streamId);
      if (!(await q.deleteMessage(db, streamId, messageId, clock.iso())))
        throw new DomainError('NOT_FOUND', MSG.notFound);
      deps.publish({ type: 'stream.message-deleted', streamId, messageId });
    },

    /** The host or a moderator removes a viewer: out of the room now, and no chat, bids or video in this stream again. */
    async removeViewer(moderator: UserRow, streamId: string, userId: string): Promise<void> {
      const row = await moderated(moderator, streamId);
      if (userId === row.host_id || userId === moderator.id) throw new DomainError('VALIDATION_FAILED', MSG.notFound);
      if (!(await q.userBrief(db, userId))) throw new DomainError('NOT_FOUND', MSG.userNotFound);
      await q.insertBan(db, streamId, userId, clock.iso());
      // The ban stands even if the SFU cannot be told now: their next video join is refused here.
      await deps.video
        .removePerson?.({ id: streamId, videoRoom: row.video_room }, userId)
        .catch((err: unknown) => deps.log.warn({ err }, 'removing a viewer from the video room failed'));
      deps.publish({ type: 'stream.viewer-removed', streamId, userId });
    },
  };
}
