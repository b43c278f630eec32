import type { Kysely } from 'kysely';
import { MSG, type Locale } from '@souq/shared';
import { localizedMail } from '../../adapters/mail/templates.js';
import type { DB, UserRow } from '../../db/schema.js';
import { withAfterCommit } from '../../lib/after-commit.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { recipientLocale } from '../../lib/locale.js';
import type { MailLater } from '../../lib/mail-later.js';
import type { AccountsPort } from '../accounts/port.js';
import type { NotificationsPort } from '../notifications/port.js';
import type { ProfilesPort } from '../profiles/port.js';
import * as mq from './moderation-queries.js';
import type { StreamRef } from './parts.js';
import * as q from './reminders-queries.js';

export interface RemindersDeps {
  db: Kysely<DB>;
  clock: Clock;
  accounts: Pick<AccountsPort, 'contactsOf'>;
  profiles: Pick<ProfilesPort, 'followerIds'>;
  notifications: Pick<NotificationsPort, 'notify'>;
  mailLater: MailLater;
  publicUrl: string;
}

/** People told per transaction when a show goes live: a big following is told in several steps. */
const TELL_BATCH = 200;

/** The viewer's page of a show (apps/web's route). */
export const showPath = (id: string) => `/livestream/${encodeURIComponent(id)}`;

/** The bell's words, stored in the recipient's language (issue 29); the words follow docs/glossary.md. */
export const showLiveNews = (locale: Locale, title: string, host: string) =>
  locale === 'ar'
    ? { title: `مباشر الآن: ${title}`, body: `بدأ ${host} العرض. انضم للمشاهدة والمزايدة.` }
    : { title: `Live now: ${title}`, body: `${host} has started the show. Join in to watch and bid.` };

export const showLiveMail = (
  publicUrl: string,
  to: string,
  username: string,
  title: string,
  host: string,
  streamId: string,
  locale: Locale,
) =>
  localizedMail(to, publicUrl + showPath(streamId), locale, {
    en: {
      subject: `Live now: ${title}`,
      intro: `Hi ${username}, ${host} has started the show "${title}". Join now to watch and bid.`,
      button: 'Watch the show',
      outro: `You are getting this because you asked to be reminded of this show or you follow ${host}.`,
    },
    ar: {
      subject: `مباشر الآن: ${title}`,
      intro: `مرحبًا ${username}، بدأ ${host} البث المباشر لعرض «${title}». انضم الآن للمشاهدة والمزايدة.`,
      button: 'مشاهدة العرض',
      outro: `تصلك هذه الرسالة لأنك طلبت تذكيرًا بهذا العرض أو لأنك تتابع ${host}.`,
    },
  });

export type Reminders = ReturnType<typeof createReminders>;

/**
 * Reminders (ADR 0036, "Scheduling and reminders"): a signed-in person asks to be told when a
 * scheduled show goes live; then they and the host's followers get a bell and one email each.
 */
export function createReminders(deps: RemindersDeps) {
  const { db, clock } = deps;

  async function mustFind(streamId: string) {
    const stream = await mq.streamRef(db, streamId);
    if (!stream) throw new DomainError('NOT_FOUND', MSG.streamNotFound);
    return stream;
  }

  /** One batch of people told, in one transaction: the bells stored with it, the mails sent after it. */
  async function tell(stream: StreamRef & { title: string }, host: string, contacts: Contact[]) {
    await withAfterCommit((onCommit) =>
      db.transaction().execute(async (trx) => {
        const link = showPath(stream.id);
        await deps.notifications.notify(
          trx,
          onCommit,
          contacts.map((c) => ({
            userId: c.id,
            kind: 'show_live' as const,
            subject: stream.id,
            ...showLiveNews(recipientLocale(c.locale), stream.title, host),
            link,
          })),
        );
        for (const c of contacts)
          deps.mailLater(onCommit, {
            ...showLiveMail(
              deps.publicUrl,
              c.email,
              c.username,
              stream.title,
              host,
              stream.id,
              recipientLocale(c.locale),
            ),
            about: { userId: c.id, kind: 'show_live' },
          });
      }),
    );
  }

  return {
    /** Idempotent: asking twice is one reminder. Only a show still waiting to start takes one. */
    async remind(user: UserRow, streamId: string): Promise<void> {
      const stream = await mustFind(streamId);
      if (stream.status !== 'scheduled') throw new DomainError('CONFLICT', MSG.reminderNotUpcoming);
      await q.insertReminder(db, streamId, user.id, clock.iso());
    },

    async forget(user: UserRow, streamId: string): Promise<void> {
      await mustFind(streamId);
      await q.deleteReminder(db, streamId, user.id);
    },

    isReminded: (streamId: string, userId: string) => q.isReminded(db, streamId, userId),

    /**
     * After a scheduled show went live (its commit done): everyone reminded and every follower of
     * the host, each once however they are both, but never the host.
     */
    async onShowLive(stream: StreamRef & { title: string }): Promise<void> {
      const [reminded, followers] = await Promise.all([
        q.remindedIds(db, stream.id),
        deps.profiles.followerIds(stream.host_id),
      ]);
      const ids = [...new Set([...reminded, ...followers])].filter((id) => id !== stream.host_id);
      if (!ids.length) return;
      const host = (await deps.accounts.contactsOf(db, [stream.host_id]))[0]?.username ?? '';
      for (let i = 0; i < ids.length; i += TELL_BATCH) {
        await tell(stream, host, await deps.accounts.contactsOf(db, ids.slice(i, i + TELL_BATCH)));
      }
    },
  };
}

type Contact = Awaited<ReturnType<AccountsPort['contactsOf']>>[number];
