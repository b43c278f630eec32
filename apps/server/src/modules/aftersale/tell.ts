import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { withAfterCommit, type OnCommit } from '../../lib/after-commit.js';
import { recipientLocale } from '../../lib/locale.js';
import type { MailLater } from '../../lib/mail-later.js';
import type { AccountsPort } from '../accounts/port.js';
import type { NotificationsPort } from '../notifications/port.js';
import { noticeMail, noticeText, type AftersaleNotice } from './emails.js';

export interface TellDeps {
  accounts: Pick<AccountsPort, 'contactsOf'>;
  notifications: Pick<NotificationsPort, 'notify'>;
  mailLater: MailLater;
  publicUrl: string;
}

/** Who is told, about what, and which of their pages the notice opens. */
export interface Told {
  userId: string;
  /** What the bell merges unread news by: the line or the problem. */
  subject: string;
  notice: AftersaleNotice;
  path: string;
}

const KIND = { late: 'shipping_late', cancelled: 'line_cancelled' } as const;

/**
 * Rings each person's bell in the caller's transaction (so the news exists exactly when what it
 * announces does) and mails them once it has committed, each in their own language.
 */
export async function tell(deps: TellDeps, trx: Transaction<DB>, onCommit: OnCommit, told: Told[]): Promise<void> {
  const contacts = new Map(
    (await deps.accounts.contactsOf(trx, [...new Set(told.map((t) => t.userId))])).map((c) => [c.id, c]),
  );
  await deps.notifications.notify(
    trx,
    onCommit,
    told.map((t) => ({
      userId: t.userId,
      kind: t.notice.kind === 'late' || t.notice.kind === 'cancelled' ? KIND[t.notice.kind] : ('problem' as const),
      subject: t.subject,
      ...noticeText(t.notice, recipientLocale(contacts.get(t.userId)?.locale)),
      link: t.path,
    })),
  );
  for (const t of told) {
    const c = contacts.get(t.userId);
    if (c)
      deps.mailLater(
        onCommit,
        noticeMail(deps.publicUrl, c.email, c.username, t.notice, t.path, recipientLocale(c.locale)),
      );
  }
}

/**
 * One step of an after-sale flow: `step` runs in a transaction and says whom to tell, who are told
 * in that same transaction. A step that tells nobody (it claimed nothing) rings nothing.
 */
export function tellingSteps(deps: TellDeps & { db: Kysely<DB> }) {
  return (step: (trx: Transaction<DB>) => Promise<Told[]>) =>
    withAfterCommit((onCommit) =>
      deps.db.transaction().execute(async (trx) => {
        const told = await step(trx);
        if (told.length) await tell(deps, trx, onCommit, told);
      }),
    );
}
