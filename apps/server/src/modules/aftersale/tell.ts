import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { withAfterCommit, type OnCommit } from '../../lib/after-commit.js';
import type { MailLater } from '../../lib/mail-later.js';
import { tellPeople } from '../../lib/tell-people.js';
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

/** Tells each person, by bell and by mail, in their own language (lib/tell-people.ts). */
export function tell(deps: TellDeps, trx: Transaction<DB>, onCommit: OnCommit, told: Told[]): Promise<void> {
  return tellPeople(
    deps,
    trx,
    onCommit,
    told.map((t) => ({
      userId: t.userId,
      kind: t.notice.kind === 'late' || t.notice.kind === 'cancelled' ? KIND[t.notice.kind] : ('problem' as const),
      subject: t.subject,
      link: t.path,
      words: (locale) => noticeText(t.notice, locale),
      mail: (c, locale) => noticeMail(deps.publicUrl, c.email, c.username, t.notice, t.path, locale),
    })),
  );
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
