import { z } from 'zod';
import { MSG } from '../messages.js';
import type { NotificationKind } from './notifications.js';

/**
 * What a person can switch in Settings → Notifications (issue 48): the news worth a locked
 * screen, each on the bell, in email and as a push message. Every other kind rings the bell and
 * mails as it always has, and is never pushed.
 */
export const NOTIFICATION_TOPICS = ['outbid', 'won', 'show_live', 'offer_answered', 'delivery_failed'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/** The notification kinds each topic switches: "an offer answered" is each answer a seller can give. */
export const TOPIC_KINDS: Record<NotificationTopic, readonly NotificationKind[]> = {
  outbid: ['outbid'],
  won: ['won', 'giveaway_won'],
  show_live: ['show_live'],
  offer_answered: ['offer_answered', 'offer_accepted', 'offer_countered', 'offer_declined'],
  delivery_failed: ['delivery_failed'],
};

export const CHANNELS = ['bell', 'email', 'push'] as const;
export type Channel = (typeof CHANNELS)[number];

/** The topic a kind belongs to, if a person can switch it. */
export function topicOf(kind: NotificationKind): NotificationTopic | undefined {
  return NOTIFICATION_TOPICS.find((topic) => TOPIC_KINDS[topic].includes(kind));
}

const On = z.boolean({ error: MSG.notificationSettingsInvalid });

export const TopicSettingSchema = z.object({
  topic: z.enum(NOTIFICATION_TOPICS, { error: MSG.notificationSettingsInvalid }),
  bell: On,
  email: On,
  push: On,
});
export type TopicSetting = z.infer<typeof TopicSettingSchema>;

/** Every topic, in NOTIFICATION_TOPICS's order; everything is on until a person turns it off. */
export const NotificationSettingsSchema = z.object({
  topics: z.array(TopicSettingSchema),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** PUT: any of the topics, each with all three switches; topics left out stay as they are. */
export const NotificationSettingsInputSchema = z.object({
  topics: z
    .array(TopicSettingSchema, { error: MSG.notificationSettingsInvalid })
    .max(NOTIFICATION_TOPICS.length, MSG.notificationSettingsInvalid),
});

/** A base64url string, as PushSubscription.toJSON() gives its keys. */
const base64url = (error: string) =>
  z
    .string({ error })
    .regex(/^[A-Za-z0-9_-]+=*$/, error)
    .max(200, error);

/**
 * POST /api/push/subscriptions: `PushSubscription.toJSON()` as the browser gives it. The address
 * and keys are checked on the server too (an https push service; a P-256 point and a 16-byte secret).
 */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z
    .string({ error: MSG.pushEndpointInvalid })
    .url(MSG.pushEndpointInvalid)
    .max(1000, MSG.pushEndpointInvalid),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    { p256dh: base64url(MSG.pushKeysInvalid), auth: base64url(MSG.pushKeysInvalid) },
    { error: MSG.pushKeysInvalid },
  ),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

export const PushUnsubscribeSchema = z.object({
  endpoint: z.string({ error: MSG.pushEndpointInvalid }).max(1000, MSG.pushEndpointInvalid),
});

/** The server's VAPID public key (RFC 8292), for `pushManager.subscribe({ applicationServerKey })`. */
export const PushKeySchema = z.object({ publicKey: z.string() });

/** Whether this browser's subscription is one the server sends to, for the person signed in here. */
export const PushSubscriptionStateSchema = z.object({ subscribed: z.boolean() });

/**
 * What a push message carries, encrypted (RFC 8291): the service worker shows it as it is. The
 * words are in the person's language already; `link` is a path inside the app.
 */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  link: z.string(),
  tag: z.string(),
  lang: z.enum(['en', 'ar']),
  dir: z.enum(['ltr', 'rtl']),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;
