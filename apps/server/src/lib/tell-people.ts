import type { Kysely, Transaction } from 'kysely';
import type { Locale, NotificationKind } from '@souq/shared';
import type { MailMessage } from '../adapters/mail/index.js';
import type { DB } from '../db/schema.js';
import type { OnCommit } from './after-commit.js';
import { recipientLocale } from './locale.js';
import type { MailLater } from './mail-later.js';

/** Where to write to a person, as the accounts port gives it (structural: lib imports no module). */
export interface Contact {
  id: string;
  email: string;
  username: string;
  locale: string | null;
}

/** What telling people needs: the accounts port's contacts, the notifications port's `notify`, a mailer. */
export interface TellingDeps {
  accounts: { contactsOf(runner: Kysely<DB>, userIds: string[]): Promise<Contact[]> };
  notifications: {
    notify(
      trx: Transaction<DB>,
      onCommit: OnCommit,
      news: Array<{
        userId: string;
        kind: NotificationKind;
        subject: string;
        title: string;
        body: string;
        link: string;
      }>,
    ): Promise<void>;
  };
  mailLater: MailLater;
}

/** One piece of news for one person: their bell's words, and their mail when there is one. */
export interface News {
  userId: string;
  kind: NotificationKind;
  /** What the bell merges unread news by (the auction, the line, the offer). */
  subject: string;
  link: string;
  words(locale: Locale): { title: string; body: string };
  mail?(contact: Contact, locale: Locale): MailMessage;
}

/**
 * Rings each person's bell in the caller's transaction, so the news exists exactly when what it
 * announces does, and mails them once it has committed, each in their own language. Every mail
 * says whose news it is and its kind, so Settings → Notifications can keep it out of the inbox.
 * Contacts the caller has already read (`known`) are not read again.
 */
export async function tellPeople(
  deps: TellingDeps,
  trx: Transaction<DB>,
  onCommit: OnCommit,
  news: News[],
  known: Contact[] = [],
): Promise<void> {
  if (!news.length) return;
  const contacts = new Map(known.map((c) => [c.id, c]));
  const unread = [...new Set(news.map((n) => n.userId))].filter((id) => !contacts.has(id));
  if (unread.length) for (const c of await deps.accounts.contactsOf(trx, unread)) contacts.set(c.id, c);
  const localeOf = (userId: string) => recipientLocale(contacts.get(userId)?.locale);
  await deps.notifications.notify(
    trx,
    onCommit,
    news.map((n) => ({
      userId: n.userId,
      kind: n.kind,
      subject: n.subject,
      link: n.link,
      ...n.words(localeOf(n.userId)),
    })),
  );
  for (const n of news) {
    const contact = contacts.get(n.userId);
    if (n.mail && contact)
      deps.mailLater(onCommit, { ...n.mail(contact, localeOf(n.userId)), about: { userId: n.userId, kind: n.kind } });
  }
}
