import { STREAMS_LOBBY, streamHostRoom, streamRoom, MSG } from '@souq/shared';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { RealtimeOut, SocketParts, SocketSession } from '../../realtime/types.js';
import type { AccountsPort } from '../accounts/port.js';
import { hosts, rtcHandlers } from './rtc-socket.js';
import type { StreamsService } from './service.js';
import { streamBroadcasts } from './stream-broadcasts.js';

const JOINED = 'streams.joined';

/** The streams this socket is in, kept between messages so a disconnect leaves each of them. */
const joinedBy = (session: SocketSession) => {
  let set = session.state.get(JOINED) as Set<string> | undefined;
  if (!set) session.state.set(JOINED, (set = new Set()));
  return set;
};

/**
 * The live room: who is in it, the chat, and the mesh video's signaling (rtc-socket.ts); what the
 * room and the lobby are told of the stream's changes (stream-broadcasts.ts).
 */
export function streamsSocket(
  streams: StreamsService,
  accounts: Pick<AccountsPort, 'userById'>,
  clock: Clock,
): SocketParts {
  const { countViewers, onEvent } = streamBroadcasts(streams, clock);
  const leave = (session: SocketSession, streamId: string, out: RealtimeOut) => {
    session.leave(streamRoom(streamId));
    session.leave(streamHostRoom(streamId));
    joinedBy(session).delete(streamId);
    out.to(streamHostRoom(streamId)).emit('rtc:viewer-left', { streamId, viewer: session.id });
    countViewers(streamId, out);
  };
  const signedIn = async (session: SocketSession) => {
    const user = session.userId ? await accounts.userById(session.userId) : undefined;
    if (!user) throw new DomainError('UNAUTHENTICATED', MSG.mustBeLoggedIn);
    return user;
  };

  return {
    handlers: {
      'streams:watch': (session) => session.join(STREAMS_LOBBY),
      'stream:join': async (session, { streamId }, out) => {
        const { isHost, live } = await streams.admit(session.userId, streamId);
        session.join(streamRoom(streamId));
        joinedBy(session).add(streamId);
        if (isHost && live) {
          session.join(streamHostRoom(streamId));
          await streams.heartbeat(session.userId!, streamId);
        }
        countViewers(streamId, out);
        return { ok: true, isHost };
      },
      'stream:leave': (session, { streamId }, out) => leave(session, streamId, out),
      'stream:heartbeat': async (session, { streamId }) => {
        if (session.userId && hosts(session, streamId)) await streams.heartbeat(session.userId, streamId);
      },
      'stream:chat': async (session, { streamId, text, clientId }) =>
        streams.chat(await signedIn(session), streamId, text, clientId),
      ...rtcHandlers(streams),
    },
    onDisconnect(session, out) {
      for (const streamId of [...joinedBy(session)]) leave(session, streamId, out);
    },
    onEvent,
  };
}
