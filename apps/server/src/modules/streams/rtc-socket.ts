import { streamHostRoom, streamRoom, MSG } from '@souq/shared';
import { DomainError } from '../../lib/errors.js';
import type { RealtimeOut, SocketParts, SocketSession } from '../../realtime/types.js';
import type { StreamsService } from './service.js';

/**
 * Whether this socket hosts a live stream: it is in the stream's host room, which it joins only
 * while the stream is live and which every instance empties when the stream ends.
 */
export const hosts = (session: SocketSession, streamId: string) => session.has(streamHostRoom(streamId));

/**
 * The mesh video's signaling. Signals go only between a live stream's host and its own viewers: a
 * viewer's go to the host's sockets, and the host's to one socket that is in this stream's room
 * and not the host's. Anything else is refused, so no socket can aim a signal at a room (the
 * lobby, a person) or at a stranger, and a flood is held to one recipient per message by the
 * gateway's per-socket limit.
 */
export function rtcHandlers(
  streams: Pick<StreamsService, 'mustBeLive'>,
): Pick<NonNullable<SocketParts['handlers']>, 'rtc:request' | 'rtc:signal'> {
  /** A video signal's sender: in the stream's room, and the stream live. */
  const mustSignal = async (session: SocketSession, streamId: string) => {
    if (!session.has(streamRoom(streamId))) throw new DomainError('FORBIDDEN', MSG.joinStreamFirst);
    await streams.mustBeLive(streamId);
  };
  /** The host may answer only a socket watching this stream that is not one of the host's own. */
  const mustBeViewer = async (streamId: string, socketId: string, out: RealtimeOut) => {
    const rooms = await out.roomsOf(socketId);
    if (!rooms?.has(streamRoom(streamId)) || rooms.has(streamHostRoom(streamId)))
      throw new DomainError('FORBIDDEN', MSG.notStreamViewer);
  };

  return {
    'rtc:request': async (session, { streamId }, out) => {
      await mustSignal(session, streamId);
      out.to(streamHostRoom(streamId)).emit('rtc:viewer', { streamId, viewer: session.id });
    },
    'rtc:signal': async (session, { streamId, to, ...signal }, out) => {
      await mustSignal(session, streamId);
      if (!hosts(session, streamId)) {
        out.to(streamHostRoom(streamId)).emit('rtc:signal', { streamId, from: session.id, ...signal });
        return;
      }
      if (!to) throw new DomainError('VALIDATION_FAILED', 'Say which viewer this is for.');
      await mustBeViewer(streamId, to, out);
      out.to(to).emit('rtc:signal', { streamId, from: session.id, ...signal });
    },
  };
}
