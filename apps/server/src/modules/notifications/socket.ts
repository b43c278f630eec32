import { userRoom } from '@souq/shared';
import type { Clock } from '../../lib/clock.js';
import type { SocketParts } from '../../realtime/types.js';
import type { NotificationsService } from './service.js';

/** Rings the person's bell on every socket they have open, with the unread count. */
export function notificationsSocket(notifications: NotificationsService, clock: Clock): SocketParts {
  return {
    async onEvent(event, out) {
      if (event.type !== 'notification.created') return;
      const unread = await notifications.unreadCount(event.userId);
      out.to(userRoom(event.userId)).emit('notification', { notification: event.notification, unread, serverTime: clock.iso() });
    },
  };
}
