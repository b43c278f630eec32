import { STREAMS_LOBBY, streamHostRoom, streamRoom, userRoom, MSG } from '@souq/shared';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { RealtimeOut, SocketParts, SocketSession } from '../../realtime/types.js';
import type { Services } from '../module.js';
import type { StreamsService } from './service.js';

const HOSTED = 'streams.hosted';
const JOINED = 'streams.joined';
/** Viewer counts go out at most this often per stream from each instance. */
const COUNT_EVERY_MS = 2000;

/** A set kept on the socket between messages: the streams it hosts, the streams it is in. */
const setOf = (session: SocketSession, key: string) => {
  let set = session.state.get(key) as Set<string> | undefined;
  if (!set) session.state.set(key, (set = new Set()));
  return set;
};
const hostedBy = (session: SocketSession) => setOf(session, HOSTED);
const joinedBy = (session: SocketSession) => setOf(session, JOINED);

/**
 * The live room: who is in it, the chat, and the mesh video's signaling. The server relays
 * offers, answers and candidates between the host and one viewer at a time and never lets a
 * viewer signal another viewer: a viewer's messages go to the host's sockets only.
 */
export function streamsSocket(streams: StreamsService, services: Pick<Services, 'accounts'>, clock: Clock): SocketParts {
  const pendingCounts = new Map<string, NodeJS.Timeout>();
  const countViewers = (streamId: string, out: RealtimeOut) => {
    if (pendingCounts.has(streamId)) return;
    pendingCounts.set(
      streamId,
      setTimeout(() => {
        pendingCounts.delete(streamId);
        out
          .roomSize(streamRoom(streamId))
          .then((count) => out.to(streamRoom(streamId)).emit('stream:viewers', { streamId, count }))
          .catch(() => undefined);
      }, COUNT_EVERY_MS).unref(),
    );
  };
  const leave = (session: SocketSession, streamId: string, out: RealtimeOut) => {
    session.leave(streamRoom(streamId));
    session.leave(streamHostRoom(streamId));
    hostedBy(session).delete(streamId);
    joinedBy(session).delete(streamId);
    out.to(streamHostRoom(streamId)).emit('rtc:viewer-left', { streamId, viewer: session.id });
    countViewers(streamId, out);
  };
  const signedIn = async (session: SocketSession) => {
    const user = session.userId ? await services.accounts.userById(session.userId) : undefined;
    if (!user) throw new DomainError('UNAUTHENTICATED', MSG.mustBeLoggedIn);
    return user;
  };

  return {
    handlers: {
      'streams:watch': (session) => session.join(STREAMS_LOBBY),
      'stream:join': async (session, { streamId }, out) => {
        const { isHost } = await streams.admit(session.userId, streamId);
        session.join(streamRoom(streamId));
        joinedBy(session).add(streamId);
        if (isHost) {
          session.join(streamHostRoom(streamId));
          hostedBy(session).add(streamId);
          await streams.heartbeat(session.userId!, streamId);
        }
        countViewers(streamId, out);
        return { ok: true, isHost };
      },
      'stream:leave': (session, { streamId }, out) => leave(session, streamId, out),
      'stream:heartbeat': async (session, { streamId }) => {
        if (session.userId && hostedBy(session).has(streamId)) await streams.heartbeat(session.userId, streamId);
      },
      'stream:chat': async (session, { streamId, text, clientId }) => streams.chat(await signedIn(session), streamId, text, clientId),
      'rtc:request': (session, { streamId }, out) => {
        if (!session.has(streamRoom(streamId))) throw new DomainError('FORBIDDEN', 'Join the stream first.');
        out.to(streamHostRoom(streamId)).emit('rtc:viewer', { streamId, viewer: session.id });
      },
      'rtc:signal': (session, { streamId, to, ...signal }, out) => {
        if (!session.has(streamRoom(streamId))) throw new DomainError('FORBIDDEN', 'Join the stream first.');
        const fromHost = hostedBy(session).has(streamId);
        if (fromHost && !to) throw new DomainError('VALIDATION_FAILED', 'Say which viewer this is for.');
        out.to(fromHost ? to! : streamHostRoom(streamId)).emit('rtc:signal', { streamId, from: session.id, ...signal });
      },
    },
    onDisconnect(session, out) {
      for (const streamId of [...joinedBy(session)]) leave(session, streamId, out);
    },
    onEvent(event, out) {
      switch (event.type) {
        case 'auction.changed':
          // Bids: the stream's banner. Its close comes as stream.changed, with why it ended.
          if (event.streamId && event.update.reason === 'bid') {
            out.to(streamRoom(event.streamId)).emit('stream:update', {
              stream: streams.streamLive({ id: event.streamId, ended_at: null, end_reason: null }, event.update.auction),
              serverTime: event.update.serverTime,
            });
            out.to(STREAMS_LOBBY).emit('streams:changed', { streamId: event.streamId, serverTime: clock.iso() });
          }
          return;
        case 'stream.changed':
          if (event.live) out.to(streamRoom(event.streamId)).emit('stream:update', { stream: event.live, serverTime: clock.iso() });
          out.to(STREAMS_LOBBY).emit('streams:changed', { streamId: event.streamId, serverTime: clock.iso() });
          return;
        case 'stream.message':
          out.to(streamRoom(event.streamId)).emit('stream:message', { streamId: event.streamId, message: event.message });
          return;
        case 'stream.message-deleted':
          out.to(streamRoom(event.streamId)).emit('stream:message-deleted', { streamId: event.streamId, messageId: event.messageId });
          return;
        case 'stream.viewer-removed':
          out.leave(userRoom(event.userId), streamRoom(event.streamId));
          out.to(userRoom(event.userId)).emit('stream:removed', { streamId: event.streamId, message: MSG.removedFromStream });
          return;
      }
    },
  };
}
