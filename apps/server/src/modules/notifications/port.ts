import type { NotificationsService } from './service.js';

export type { NewNotification, NotificationsWrite } from './service.js';

/** What later modules and flows may ask of notifications (ADR 0007). */
export const NOTIFICATIONS_PORT = [
  // auctions (bids), flows/auction-close.ts: news stored with the writes that make it
  'notifyWith',
  'notify',
  // push (issue 48): whether a person wants a kind of news as a push message
  'wants',
] as const satisfies ReadonlyArray<keyof NotificationsService>;

export type NotificationsPort = Pick<NotificationsService, (typeof NOTIFICATIONS_PORT)[number]>;
