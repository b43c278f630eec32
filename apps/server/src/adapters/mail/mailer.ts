import type { NotificationKind } from '@souq/shared';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link, printed on the log by the outbox so a developer can click it. */
  link?: string;
  /** News a person may switch off by email (issue 48): whose, and its notification kind. */
  about?: { userId: string; kind: NotificationKind };
}

/** One interface for mail: SMTP when configured, `.eml` files in the outbox otherwise. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/**
 * The mailer with its sends in flight awaited by `close`: mail is sent after a commit without the
 * answer waiting for it (lib/mail-later.ts), so a shutdown must not close the transport, nor the
 * app let go of DATA_DIR, while a message is still being written.
 */
export function settlingOnClose(mailer: Mailer): Mailer {
  const inFlight = new Set<Promise<void>>();
  return {
    kind: mailer.kind,
    send(message) {
      const sent = mailer.send(message);
      inFlight.add(sent);
      const done = () => void inFlight.delete(sent);
      sent.then(done, done);
      return sent;
    },
    async close() {
      await Promise.allSettled([...inFlight]);
      await mailer.close();
    },
  };
}

/**
 * The mailer that asks, before it sends news a person may switch off, whether they still want it
 * by email (Settings → Notifications, issue 48). The question is answered once the notifications
 * module exists (the mailer is made before any module); until then everything goes.
 */
export function withMailSwitches(mailer: Mailer) {
  let wants: (userId: string, kind: NotificationKind) => Promise<boolean> = () => Promise.resolve(true);
  return {
    mailer: {
      kind: mailer.kind,
      async send(message) {
        if (message.about && !(await wants(message.about.userId, message.about.kind))) return;
        await mailer.send(message);
      },
      close: () => mailer.close(),
    } satisfies Mailer,
    answer(given: typeof wants): void {
      wants = given;
    },
  };
}
