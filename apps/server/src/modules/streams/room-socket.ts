import { MSG, streamRoom, userRoom } from '@souq/shared';
import type { SocketParts } from '../../realtime/types.js';
import type { Moderation } from './moderation.js';

/**
 * The room's socket part (issue 30): the viewer list for the host and moderators, read from the
 * stream room's sockets on every instance, and the muted person told until when.
 */
export function roomSocket(deps: { moderation: Moderation }): SocketParts {
  return {
    handlers: {
      'stream:viewer-list': async (session, { streamId }, out) => {
        const stream = await deps.moderation.mustModerate(session.userId, streamId);
        const present = await out.usersIn(streamRoom(streamId));
        return { ok: true, ...(await deps.moderation.viewerList(stream, present)) };
      },
    },
    onEvent(event, out) {
      if (event.type !== 'stream.muted') return;
      out
        .to(userRoom(event.userId))
        .emit('stream:muted', { streamId: event.streamId, until: event.until, message: MSG.mutedInChat });
    },
  };
}
