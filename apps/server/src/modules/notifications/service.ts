import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AppNotification, NotificationKind, NotificationList, TopicSetting } from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import type { OnCommit } from '../../lib/after-commit.js';
import type { Clock } from '../../lib/clock.js';
import type { Publish } from '../../lib/events.js';
import * as q from './queries.js';
import { createNotificationSettings } from './settings.js';

declare module '../../lib/events.js' {
  interface DomainEvents {
    /** A person has news: the realtime layer rings their bell. */
    'notification.created': { userId: string; notification: AppNotification };
  }
}

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  /** What it is about (an auction's id); unread news about the same subject and kind is merged. */
  subject: string;
  title: string;
  body: string;
  link: string;
}

const toNotification = (row: DB['notifications']): AppNotification => ({
  id: row.id,
  kind: row.kind as NotificationKind,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.created_at,
  read: row.read_at !== null,
});

/** Notifications to store with the caller's writes: the statement, and what to do with the rows it stored. */
export interface NotificationsWrite {
  /** None when there is no news. */
  query: ReturnType<typeof q.upsertUnread> | undefined;
  /** Given the rows the statement stored: their bells ring once the caller's writes have committed. */
  stored(rows: DB['notifications'][]): void;
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export function createNotificationsService(deps: { db: Kysely<DB>; clock: Clock; publish: Publish }) {
  const { db, clock } = deps;
  const settings = createNotificationSettings(db);

  /**
   * Notifications stored with the caller's writes (in its transaction, or inside its one
   * statement: ADR 0026), so they exist exactly when what they announce does. News about the same
   * thing for the same person is one line: the last given wins.
   */
  function notifyWith(runner: Kysely<DB>, onCommit: OnCommit, news: NewNotification[]): NotificationsWrite {
    const latest = new Map(news.map((n) => [`${n.userId} ${n.kind} ${n.subject}`, n]));
    const createdAt = clock.iso();
    const rows = [...latest.values()].map((n) => ({
      id: crypto.randomUUID(),
      user_id: n.userId,
      kind: n.kind,
      subject: n.subject,
      title: n.title,
      body: n.body,
      link: n.link,
      created_at: createdAt,
      read_at: null,
    }));
    return {
      query: rows.length ? q.upsertUnread(runner, rows) : undefined,
      stored(stored) {
        if (stored.length !== rows.length) throw new Error('a notification was neither inserted nor updated');
        const events = stored.map((row) => ({
          type: 'notification.created' as const,
          userId: row.user_id,
          notification: toNotification(row),
        }));
        onCommit(() => events.forEach((event) => deps.publish(event)));
      },
    };
  }

  return {
    notifyWith,

    /** The same, stored now in the caller's transaction. */
    async notify(trx: Transaction<DB>, onCommit: OnCommit, news: NewNotification[]): Promise<void> {
      const write = notifyWith(trx, onCommit, news);
      write.stored(write.query ? await write.query.execute() : []);
    },

    async list(user: UserRow): Promise<NotificationList> {
      const [rows, unread] = await Promise.all([q.latest(db, user.id, 30), q.unreadCount(db, user.id)]);
      return { items: rows.map(toNotification), unread };
    },

    /** Unread counts by person, in one statement; a person with none is not in the map. */
    unreadCounts: (userIds: string[]) => q.unreadCounts(db, userIds),

    /** Opening the bell reads everything in it. */
    async markAllRead(user: UserRow): Promise<{ unread: 0 }> {
      await q.markAllRead(db, user.id, clock.iso());
      return { unread: 0 };
    },

    /** Settings → Notifications (issue 48). */
    settingsOf: (user: UserRow) => settings.settingsOf(user.id),
    saveSettings: (user: UserRow, topics: TopicSetting[]) => settings.save(user.id, topics),
    mutedPairs: settings.mutedPairs,
    /** Whether a person wants a kind of news on a channel: the push module and the mail gate ask. */
    wants: settings.wants,

    /** Read notifications older than 90 days are let go. */
    async sweep(): Promise<void> {
      await q.deleteReadBefore(db, clock.iso(-90 * 86_400_000));
    },
  };
}
