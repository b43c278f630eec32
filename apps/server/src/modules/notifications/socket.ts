import { userRoom } from '@souq/shared';
import type { DomainEvent } from '../../lib/events.js';
import type { Clock } from '../../lib/clock.js';
import { perTurn } from '../../lib/per-turn.js';
import type { RealtimeOut, SocketParts } from '../../realtime/types.js';
import type { NotificationsService } from './service.js';

type Created = Extract<DomainEvent, { type: 'notification.created' }>;

/**
 * Rings the person's bell on every socket they have open, with the unread count. News that comes
 * in one turn of the event loop rings once per notification: a group of bids on a seller's
 * auction (ADR 0026) updates their one "New bid" line many times, and only its last state is
 * worth a message. The unread counts of everyone rung in a turn are read in one statement, and
 * not at all for people with no page open (most of those outbid, on one instance: see mayReach).
 */
export function notificationsSocket(notifications: NotificationsService, clock: Clock): SocketParts {
  const ring = perTurn(async (batch: Array<{ event: Created; out: RealtimeOut }>) => {
    // The last state of each notification, in the order they first came.
    const latest = new Map(
      batch
        .filter(({ event, out }) => out.mayReach(userRoom(event.userId)))
        .map(({ event, out }) => [event.notification.id, { event, out }]),
    );
    if (!latest.size) return;
    const people = [...new Set([...latest.values()].map(({ event }) => event.userId))];
    // A kind switched off on the bell (issue 48) is stored but never rung.
    const [unread, muted] = await Promise.all([
      notifications.unreadCounts(people),
      notifications.mutedPairs(people, 'bell'),
    ]);
    for (const { event, out } of latest.values()) {
      if (muted.has(`${event.userId} ${event.notification.kind}`)) continue;
      out.to(userRoom(event.userId)).emit('notification', {
        notification: event.notification,
        unread: unread.get(event.userId) ?? 0,
        serverTime: clock.iso(),
      });
    }
  });
  return {
    onEvent: (event, out) => (event.type === 'notification.created' ? ring({ event, out }) : undefined),
  };
}
