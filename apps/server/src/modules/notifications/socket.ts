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
 * worth a message. The unread count is read once per person per turn.
 */
export function notificationsSocket(notifications: NotificationsService, clock: Clock): SocketParts {
  const ring = perTurn(async (batch: Array<{ event: Created; out: RealtimeOut }>) => {
    // The last state of each notification, in the order they first came.
    const latest = new Map(batch.map(({ event, out }) => [event.notification.id, { event, out }]));
    // All counts are awaited together: awaiting them one by one would leave the others' failures
    // unhandled, and an unhandled rejection ends the process.
    const people = [...new Set([...latest.values()].map(({ event }) => event.userId))];
    const counts = await Promise.all(people.map((userId) => notifications.unreadCount(userId)));
    const unread = new Map(people.map((userId, i) => [userId, counts[i]!]));
    for (const { event, out } of latest.values()) {
      out.to(userRoom(event.userId)).emit('notification', { notification: event.notification, unread: unread.get(event.userId)!, serverTime: clock.iso() });
    }
  });
  return {
    onEvent: (event, out) => (event.type === 'notification.created' ? ring({ event, out }) : undefined),
  };
}
