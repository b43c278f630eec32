import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import webpush from 'web-push';
import { topicOf, type AppNotification, type PushPayload } from '@souq/shared';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { recipientLocale } from '../../lib/locale.js';
import type { AccountsPort } from '../accounts/port.js';
import type { NotificationsPort } from '../notifications/port.js';
import * as q from './queries.js';
import type { VapidKeys } from './vapid.js';

/** After a failed send, the waits before each next try; after the last, the message is let go. */
export const RETRY_AFTER_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000] as const;
/** How long one instance holds a message it is sending before another may take it. */
const CLAIM_MS = 60_000;
/** A push service keeps a message this long for a phone that is off (RFC 8030 TTL). */
const KEEP_FOR_SECONDS = 24 * 3600;

export interface SenderDeps {
  db: Kysely<DB>;
  clock: Clock;
  log: { warn(obj: unknown, msg: string): void };
  accounts: Pick<AccountsPort, 'contactsOf'>;
  notifications: Pick<NotificationsPort, 'wants'>;
  vapid: VapidKeys & { subject: string };
  /** The HTTP client: fetch, or a test's. */
  fetch?: typeof fetch;
}

/**
 * Push messages (issue 48, ADR 0059): each piece of news a person can switch that rings their bell
 * goes, unless they turned its push off, to every device they subscribed, through an outbox. The
 * message is sent at once, off the request path; a push service that fails is tried again with
 * backoff; one that says the subscription is gone (404, 410) takes the subscription with it.
 */
export function createPushSender(deps: SenderDeps) {
  const { db, clock } = deps;
  const send = deps.fetch ?? fetch;

  async function queueFor(userId: string, notification: AppNotification): Promise<q.DueMessage[]> {
    if (!topicOf(notification.kind) || !(await deps.notifications.wants(userId, notification.kind, 'push'))) return [];
    const [subscriptions, [contact]] = await Promise.all([
      q.subscriptionsOf(db, userId),
      deps.accounts.contactsOf(db, [userId]),
    ]);
    if (!subscriptions.length) return [];
    const lang = recipientLocale(contact?.locale);
    const payload: PushPayload = {
      title: notification.title,
      body: notification.body,
      link: notification.link,
      // One line on the lock screen per piece of news: a later outbid replaces the earlier.
      tag: `${notification.kind}-${notification.id}`,
      lang,
      dir: lang === 'ar' ? 'rtl' : 'ltr',
    };
    const now = clock.iso();
    const body = JSON.stringify(payload);
    // Outbid is worth waking a phone for; the rest can wait for the phone's next wake.
    const urgency = notification.kind === 'outbid' ? 'high' : 'normal';
    // Each message as the outbox would give it back: its address was read with the subscriptions.
    const messages: q.DueMessage[] = subscriptions.map(({ id: subscriptionId, endpoint, p256dh, auth }) => ({
      id: crypto.randomUUID(),
      payload: body,
      urgency,
      attempts: 0,
      due_at: now,
      subscriptionId,
      endpoint,
      p256dh,
      auth,
    }));
    await q.queue(
      db,
      messages.map((m) => ({
        id: m.id,
        subscription_id: m.subscriptionId,
        payload: body,
        urgency,
        attempts: 0,
        due_at: now,
        created_at: now,
      })),
    );
    return messages;
  }

  async function deliver(message: q.DueMessage): Promise<void> {
    if (!(await q.claim(db, message, clock.iso(CLAIM_MS)))) return;
    const request = webpush.generateRequestDetails(
      { endpoint: message.endpoint, keys: { p256dh: message.p256dh, auth: message.auth } },
      message.payload,
      {
        vapidDetails: deps.vapid,
        TTL: KEEP_FOR_SECONDS,
        urgency: message.urgency as webpush.Urgency,
        // The push service keeps only the newest undelivered message of a topic (RFC 8030 §5.4).
        topic: message.id.replaceAll('-', ''),
        contentEncoding: 'aes128gcm',
      },
    );
    let status: number;
    try {
      const answer = await send(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: new Uint8Array(request.body as Buffer),
        redirect: 'error',
        signal: AbortSignal.timeout(10_000),
      });
      status = answer.status;
      await answer.body?.cancel();
    } catch (err) {
      deps.log.warn({ err }, 'push service unreachable');
      status = 0;
    }
    if (status >= 200 && status < 300) return void (await q.sent(db, message.id));
    // The browser unsubscribed, or the service forgot it: the subscription is gone for good.
    if (status === 404 || status === 410) return void (await q.deleteSubscription(db, message.subscriptionId));
    const wait = RETRY_AFTER_MS[message.attempts];
    if ((status === 0 || status === 429 || status >= 500) && wait !== undefined)
      return void (await q.retryAt(db, message.id, message.attempts + 1, clock.iso(wait)));
    deps.log.warn({ status, attempts: message.attempts }, 'push message refused or given up');
    await q.sent(db, message.id);
  }

  return {
    /** Queues the news for each of the person's devices and sends it now. */
    async onNotified(userId: string, notification: AppNotification): Promise<void> {
      await Promise.all((await queueFor(userId, notification)).map(deliver));
    },

    /** The job: whatever fell due (retries, and messages an instance claimed and never sent). */
    async sendDue(): Promise<void> {
      await Promise.all((await q.due(db, clock.iso(), 100)).map(deliver));
    },
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
