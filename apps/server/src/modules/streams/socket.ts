import { STREAMS_LOBBY, streamHostRoom, streamRoom, userRoom, MSG, type AuctionUpdate } from '@souq/shared';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { RealtimeOut, SocketParts, SocketSession } from '../../realtime/types.js';
import type { AccountsPort } from '../accounts/port.js';
import type { StreamsService } from './service.js';

const JOINED = 'streams.joined';
/** Viewer counts go out at most this often per stream from each instance. */
const COUNT_EVERY_MS = 2000;
/** A run sheet's changes within this long go out as one. */
const SHOW_COALESCE_MS = 20;

/** The streams this socket is in, kept between messages so a disconnect leaves each of them. */
const joinedBy = (session: SocketSession) => {
  let set = session.state.get(JOINED) as Set<string> | undefined;
  if (!set) session.state.set(JOINED, (set = new Set()));
  return set;
};
/**
 * Whether this socket hosts a live stream: it is in the stream's host room, which it joins only
 * while the stream is live and which every instance empties when the stream ends.
 */
const hosts = (session: SocketSession, streamId: string) => session.has(streamHostRoom(streamId));

/**
 * The live room: who is in it, the chat, and the mesh video's signaling. Signals go only between
 * a live stream's host and its own viewers: a viewer's go to the host's sockets, and the host's to
 * one socket that is in this stream's room and not the host's. Anything else is refused, so no
 * socket can aim a signal at a room (the lobby, a person) or at a stranger, and a flood is held to
 * one recipient per message by the gateway's per-socket limit.
 */
export function streamsSocket(
  streams: StreamsService,
  accounts: Pick<AccountsPort, 'userById'>,
  clock: Clock,
): SocketParts {
  /** A bid in a show: the room's banner (price, leader) and the lobby's card. */
  const bidBanner = async (streamId: string, update: AuctionUpdate, out: RealtimeOut) => {
    const stream = await streams.bidBanner(streamId, update.auction);
    if (stream) out.to(streamRoom(streamId)).emit('stream:update', { stream, serverTime: update.serverTime });
    out.to(STREAMS_LOBBY).emit('streams:changed', { streamId, serverTime: clock.iso() });
  };
  const pendingCounts = new Map<string, NodeJS.Timeout>();
  const countViewers = (streamId: string, out: RealtimeOut) => {
    if (pendingCounts.has(streamId)) return;
    pendingCounts.set(
      streamId,
      setTimeout(() => {
        pendingCounts.delete(streamId);
        out
          .roomSize(streamRoom(streamId))
          .then((count) => {
            out.to(streamRoom(streamId)).emit('stream:viewers', { streamId, count });
            return streams.notePeakViewers(streamId, count);
          })
          .catch(() => undefined);
      }, COUNT_EVERY_MS).unref(),
    );
  };
  /**
   * The run sheet changed: the room gets it whole, and the lot on screen with it. Changes that
   * come together (a start and its pre-bids, a close) are read and sent once.
   */
  const pendingShows = new Set<string>();
  const showChanged = (streamId: string, out: RealtimeOut) => {
    if (pendingShows.has(streamId)) return;
    pendingShows.add(streamId);
    setTimeout(() => {
      pendingShows.delete(streamId);
      streams
        .screen(streamId)
        .then((now) => {
          if (!now) return;
          const serverTime = clock.iso();
          out.to(streamRoom(streamId)).emit('show:lots', { streamId, lots: now.lots, serverTime });
          out.to(streamRoom(streamId)).emit('stream:update', { stream: now.live, serverTime });
          out.to(STREAMS_LOBBY).emit('streams:changed', { streamId, serverTime });
        })
        .catch(() => undefined);
    }, SHOW_COALESCE_MS).unref();
  };
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
    },
    onDisconnect(session, out) {
      for (const streamId of [...joinedBy(session)]) leave(session, streamId, out);
    },
    // Not async: every bid's events come here, and only a stream's bid reads anything.
    onEvent(event, out) {
      switch (event.type) {
        case 'auction.changed':
          // Bids: the stream's banner. A lot's start and close come as stream.lots, the end as stream.changed.
          if (!event.streamId || event.update.reason !== 'bid') return;
          return bidBanner(event.streamId, event.update, out);
        case 'stream.lots':
        case 'stream.clip': // a sold lot's clip arrived: the run sheet shows it
          showChanged(event.streamId, out);
          return;
        case 'stream.changed':
          // The host's sockets stop hosting on every instance: no more signalling as host.
          if (event.ended) out.leave(streamHostRoom(event.streamId), streamHostRoom(event.streamId));
          if (event.live)
            out.to(streamRoom(event.streamId)).emit('stream:update', { stream: event.live, serverTime: clock.iso() });
          out.to(STREAMS_LOBBY).emit('streams:changed', { streamId: event.streamId, serverTime: clock.iso() });
          return;
        case 'stream.message':
          // A line with a muted word reaches only its sender's own sockets.
          out
            .to(event.onlyFor ? userRoom(event.onlyFor) : streamRoom(event.streamId))
            .emit('stream:message', { streamId: event.streamId, message: event.message });
          return;
        case 'stream.message-deleted':
          out
            .to(streamRoom(event.streamId))
            .emit('stream:message-deleted', { streamId: event.streamId, messageId: event.messageId });
          return;
        case 'stream.viewer-removed':
          out.leave(userRoom(event.userId), streamRoom(event.streamId));
          out
            .to(userRoom(event.userId))
            .emit('stream:removed', { streamId: event.streamId, message: MSG.removedFromStream });
          return;
      }
    },
  };
}
