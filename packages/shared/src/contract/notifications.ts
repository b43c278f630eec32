import { z } from 'zod';
import { NotificationListSchema } from '../api/notifications.js';
import { endpoint } from './endpoint.js';

const tag = 'Notifications';

export const notifications = {
  list: endpoint({
    method: 'GET',
    path: '/api/notifications',
    summary: 'My notifications',
    description:
      'My latest 30 notifications, newest first, each with its kind, title, body, link and whether it is read, and how many of all mine are unread. Never cached.',
    tag,
    access: 'user',
    responses: { 200: NotificationListSchema },
    errors: ['UNAUTHENTICATED'],
  }),
  markAllRead: endpoint({
    method: 'POST',
    path: '/api/notifications/read',
    summary: 'Mark every notification read',
    description: 'Marks every one of my notifications read. Answers `unread: 0`.',
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    responses: { 200: z.object({ unread: z.literal(0) }) },
    errors: ['UNAUTHENTICATED'],
  }),
};
