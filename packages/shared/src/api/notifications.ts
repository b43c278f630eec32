export const NOTIFICATION_KINDS = ['outbid', 'won', 'bid_received', 'auction_sold', 'auction_unsold'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface AppNotification {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  /** Where opening it goes, inside the app. */
  link: string;
  createdAt: string;
  read: boolean;
}

export interface NotificationList {
  items: AppNotification[];
  unread: number;
}
