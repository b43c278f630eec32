import type { AccountsPort } from '../accounts/port.js';
import { defineModule } from '../module.js';
import type { NotificationsPort } from '../notifications/port.js';
import { pushRoutes } from './routes.js';
import { createPushSender } from './sender.js';
import { createPushService } from './service.js';
import { vapidKeys } from './vapid.js';

/** How often the outbox is looked at for retries and messages an instance claimed but never sent. */
const SEND_DUE_MS = 5_000;

/**
 * Web push (issue 48, ADR 0059): devices' subscriptions, and the messages they get. It only
 * listens: every bell rung for news a person can switch is pushed after the answer, so nothing
 * waits for a push service nor fails by one.
 */
export const pushModule = defineModule(
  ['accounts', 'notifications'],
  (ctx, needs: { accounts: AccountsPort; notifications: NotificationsPort }) => {
    const keys = vapidKeys(ctx.config.push.vapid, ctx.config.dataDir);
    const service = createPushService({
      db: ctx.db,
      clock: ctx.clock,
      publicKey: keys.publicKey,
      allowLoopback: ctx.config.push.allowLoopback,
    });
    const sender = createPushSender({
      db: ctx.db,
      clock: ctx.clock,
      log: ctx.log,
      accounts: needs.accounts,
      notifications: needs.notifications,
      vapid: { ...keys, subject: ctx.config.push.subject },
    });
    ctx.subscribe((event) => {
      if (event.type === 'notification.created')
        ctx.afterAnswer.run(() => sender.onNotified(event.userId, event.notification));
    });
    return {
      service: { ...service, sendDue: sender.sendDue },
      routes: pushRoutes(service, needs.accounts.sessionIdOf),
      jobs: [{ name: 'push.send-due', everyMs: SEND_DUE_MS, run: () => sender.sendDue() }],
    };
  },
);
