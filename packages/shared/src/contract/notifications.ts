import { z } from 'zod';
import { NotificationListSchema } from '../api/notifications.js';
import { endpoint } from './endpoint.js';

const tag = 'Notifications';

export const notifications = {
  list: endpoint({
    method: 'GET',
    path: '/api/notifications',
    summary: 'My notifications',
    tag,
    access: 'user',
    responses: { 200: NotificationListSchema },
    errors: ['UNAUTHENTICATED'],
  }),
  markAllRead: endpoint({
    method: 'POST',
    path: '/api/notifications/read',
    summary: 'Mark every notification read',
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    responses: { 200: z.object({ unread: z.literal(0) }) },
    errors: ['UNAUTHENTICATED'],
  }),
};
