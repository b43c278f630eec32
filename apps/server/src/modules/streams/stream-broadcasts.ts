import { STREAMS_LOBBY, streamHostRoom, streamRoom, userRoom, MSG, type AuctionUpdate } from '@souq/shared';
import type { Clock } from '../../lib/clock.js';
import type { SocketParts, RealtimeOut } from '../../realtime/types.js';
import type { StreamsService } from './service.js';

/** Viewer counts go out at most this often per stream from each instance. */
const COUNT_EVERY_MS = 2000;
/** A run sheet's changes within this long go out as one. */
const SHOW_COALESCE_MS = 20;

/**
 * What the stream's room and the lobby are told: the viewer count, a show's bids and run sheet,
 * the stream's changes and its chat. Counts and run sheets are coalesced per instance, so a burst
 * (viewers arriving, a lot's start and its pre-bids) is read and sent once.
 */
export function streamBroadcasts(
  streams: Pick<StreamsService, 'bidBanner' | 'notePeakViewers' | 'screen'>,
  clock: Clock,
) {
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

  // Not async: every bid's events come here, and only a stream's bid reads anything.
  const onEvent: NonNullable<SocketParts['onEvent']> = (event, out) => {
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
  };

  return { countViewers, onEvent };
}
