import { MSG, streamRoom, userRoom } from '@souq/shared';
import { forwardEvent } from '../../realtime/forward.js';
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

/**
 * One module has one socket part: the stream's own (socket.ts) and the room's, as one. Each
 * message has one handler (the gateway refuses two); events and disconnects reach every part,
 * one part's failure not keeping them from the others.
 */
export function mergeSocketParts(...parts: SocketParts[]): SocketParts {
  const handlers: NonNullable<SocketParts['handlers']> = {};
  for (const part of parts) {
    for (const event of Object.keys(part.handlers ?? {}) as Array<keyof typeof handlers>) {
      if (handlers[event]) throw new Error(`two socket parts handle ${event}`);
      (handlers as Record<string, unknown>)[event] = part.handlers![event];
    }
  }
  return {
    handlers,
    // As the gateway calls parts: a promise only while one is still reading.
    onEvent: (event, out) => {
      const reading = forwardEvent(parts, event, out);
      return reading.length === 0 ? undefined : Promise.all(reading).then(() => undefined);
    },
    onDisconnect: async (session, out) => {
      await Promise.all(parts.map(async (part) => part.onDisconnect?.(session, out)));
    },
  };
}
