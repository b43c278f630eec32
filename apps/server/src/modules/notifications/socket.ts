import { userRoom } from '@souq/shared';
import type { DomainEvent } from '../../lib/events.js';
import type { Clock } from '../../lib/clock.js';
import type { SocketParts } from '../../realtime/types.js';
import type { NotificationsService } from './service.js';

type Created = Extract<DomainEvent, { type: 'notification.created' }>;

/**
 * Rings the person's bell on every socket they have open, with the unread count. News that comes
 * in one turn of the event loop rings once per notification: a group of bids on a seller's
 * auction (ADR 0026) updates their one "New bid" line many times, and only its last state is
 * worth a message. The unread count is read once per person per turn.
 */
export function notificationsSocket(notifications: NotificationsService, clock: Clock): SocketParts {
  let pending = new Map<string, Created>();
  return {
    async onEvent(event, out) {
      if (event.type !== 'notification.created') return;
      const first = pending.size === 0;
      pending.set(event.notification.id, event);
      if (!first) return;
      await new Promise((resolve) => setImmediate(resolve));
      const batch = [...pending.values()];
      pending = new Map();
      const unread = new Map<string, Promise<number>>();
      for (const { userId } of batch) if (!unread.has(userId)) unread.set(userId, notifications.unreadCount(userId));
      for (const { userId, notification } of batch) {
        out.to(userRoom(userId)).emit('notification', { notification, unread: await unread.get(userId)!, serverTime: clock.iso() });
      }
    },
  };
}
