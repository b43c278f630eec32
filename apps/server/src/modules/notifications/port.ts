import type { NotificationsService } from './service.js';

export type { NewNotification } from './service.js';

/** What later modules and flows may ask of notifications (ADR 0007). */
export const NOTIFICATIONS_PORT = [
  // auctions: news stored with the writes that make it
  'notifyStatement',
] as const satisfies ReadonlyArray<keyof NotificationsService>;

export type NotificationsPort = Pick<NotificationsService, (typeof NOTIFICATIONS_PORT)[number]>;
