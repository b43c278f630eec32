import { z } from 'zod';
import { Timestamp, Whole } from './scalars.js';

export const NOTIFICATION_KINDS = [
  'outbid',
  'won',
  'bid_received',
  'auction_sold',
  'auction_unsold',
  // issue 30: a scheduled show went live (reminded viewers and the host's followers)
  'show_live',
  // issue 31, after a sale: a late shipment, a line the buyer cancelled for it, each step of a problem
  'shipping_late',
  'line_cancelled',
  'problem',
  // issue 31: staff suspended the seller, so their open auction was cancelled (its bidders are told)
  'auction_cancelled',
  // issue 31: winners who don't pay
  'win_reminder',
  'win_unpaid',
  'buyer_unpaid',
  'cancel_asked',
  'cancel_answered',
  'second_chance',
  'offer_answered',
  // issue 32: a new listing matches a saved search
  'saved_search',
  // issue 45: a data export is ready to download
  'data_export',
  // issue 46: a delivery attempt failed (or the line was cancelled for it); staff decided a disputed refusal
  'delivery_failed',
  'refusal_decided',
  // offers on fixed-price items (ADR 0053): each step, told to the other side
  'offer_received',
  'offer_countered',
  'offer_accepted',
  'offer_declined',
  'offer_withdrawn',
  'offer_lapsed',
  'offer_sold_elsewhere',
  'offer_checked_out',
  // issue 47: the winner of a show's giveaway
  'giveaway_won',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const AppNotificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** Where opening it goes, inside the app. */
  link: z.string(),
  createdAt: Timestamp,
  read: z.boolean(),
});
export type AppNotification = z.infer<typeof AppNotificationSchema>;

export const NotificationListSchema = z.object({
  items: z.array(AppNotificationSchema),
  unread: Whole,
});
export type NotificationList = z.infer<typeof NotificationListSchema>;
