import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage, StreamDetail } from '@souq/shared';
import { joinStream, onSocketEvent } from '../../api/socket';
import { playOutbidSound } from '../../components/outbid-sound';
import { streamKeys } from './api';
import {
  applyLots,
  applyGiveaway,
  applyPins,
  applyStreamLive,
  mergeMessages,
  missedNews,
  wasOutbid,
  withoutMessage,
} from './live-state';

/**
 * A stream's room, for the host and the viewers alike: its news (bids, the end), the chat, the
 * viewer count and a removal keep the cached stream current; a reconnect re-reads it, because
 * what was said meanwhile is gone.
 */
export function useStreamRoom(id: string, me: string | null) {
  const client = useQueryClient();
  const [viewers, setViewers] = useState<number | null>(null);
  const [removed, setRemoved] = useState<string | null>(null);
  /** 'stream:muted' to this person: until when (the page's copy of the stream says so after a re-read too). */
  const [mutedUntil, setMutedUntil] = useState<string | null>(null);

  const update = useCallback(
    (step: (d: StreamDetail) => StreamDetail) =>
      client.setQueryData<StreamDetail>(streamKeys.detail(id), (d) => d && step(d)),
    [client, id],
  );
  const reread = useCallback(() => void client.invalidateQueries({ queryKey: streamKeys.detail(id) }), [client, id]);
  const addMessage = useCallback(
    (message: ChatMessage) => update((d) => ({ ...d, recentMessages: mergeMessages(d.recentMessages, [message]) })),
    [update],
  );

  useEffect(() => {
    const mine =
      <T extends { streamId: string }>(fn: (m: T) => void) =>
      (m: T) =>
        m.streamId === id && fn(m);
    const stops = [
      joinStream(id, {
        onJoined(reply, dropped) {
          if (!reply.ok) {
            if (reply.code === 'FORBIDDEN') setRemoved(reply.message);
            return;
          }
          if (dropped) reread();
        },
      }),
      onSocketEvent('stream:update', ({ stream }) => {
        if (stream.id !== id) return;
        const known = client.getQueryData<StreamDetail>(streamKeys.detail(id));
        if (known && wasOutbid(known.highestBid, stream.highestBid, me)) playOutbidSound();
        update((d) => applyStreamLive(d, stream));
        // The end names the winner, and a sale adds to the winner's show order: the order comes with a
        // re-read (only the winner's: 500 viewers re-reading at every hammer would be a stampede), as
        // does news that skipped numbers (something in between was missed).
        const sold = me !== null && stream.lot?.status === 'sold' && stream.lot.winner?.id === me;
        // A scheduled show going live needs its live parts (the lot, the chat) read whole.
        const wentLive = known?.status === 'scheduled' && stream.status !== 'scheduled';
        if (stream.status === 'ended' || sold || wentLive || (known && missedNews(known, stream))) reread();
      }),
      onSocketEvent(
        'stream:message',
        mine(({ message }) => addMessage(message)),
      ),
      onSocketEvent(
        'stream:message-deleted',
        mine(({ messageId }) => update((d) => ({ ...d, recentMessages: withoutMessage(d.recentMessages, messageId) }))),
      ),
      onSocketEvent(
        'stream:viewers',
        mine(({ count }) => setViewers(count)),
      ),
      onSocketEvent(
        'show:lots',
        mine(({ lots }) => update((d) => applyLots(d, lots))),
      ),
      onSocketEvent(
        'show:pins',
        mine(({ pins }) => update((d) => applyPins(d, pins))),
      ),
      onSocketEvent(
        'show:giveaway',
        mine(({ giveaway }) => {
          update((d) => applyGiveaway(d, giveaway));
          // The winner's prize joined their show order: only they re-read it.
          if (me !== null && giveaway.winner?.id === me) reread();
        }),
      ),
      onSocketEvent(
        'stream:muted',
        mine(({ until }) => setMutedUntil(until)),
      ),
      onSocketEvent(
        'stream:removed',
        mine(({ message }) => setRemoved(message)),
      ),
    ];
    return () => stops.forEach((stop) => stop());
  }, [id, me, client, update, reread, addMessage]);

  return { viewers, removed, mutedUntil, addMessage, reread };
}
