import { z } from 'zod';
import { NotificationListSchema } from '../api/notifications.js';
import { NotificationSettingsInputSchema, NotificationSettingsSchema } from '../api/push.js';
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
  settings: endpoint({
    method: 'GET',
    path: '/api/notifications/settings',
    summary: 'My notification settings',
    description:
      'For each kind of news a person can switch (outbid, won, a show went live, an offer answered, a delivery attempt failed): whether it rings the bell, comes by email and comes as a push message. Everything is on until turned off.',
    tag,
    access: 'user',
    responses: { 200: NotificationSettingsSchema },
    errors: ['UNAUTHENTICATED'],
  }),
  saveSettings: endpoint({
    method: 'PUT',
    path: '/api/notifications/settings',
    summary: 'Change my notification settings',
    description:
      'Sets the bell, email and push switches of the kinds given; kinds left out stay as they are. Answers every kind as it now stands.',
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    body: NotificationSettingsInputSchema,
    responses: { 200: NotificationSettingsSchema },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
    example: { topics: [{ topic: 'outbid', bell: true, email: false, push: true }] },
  }),
};
