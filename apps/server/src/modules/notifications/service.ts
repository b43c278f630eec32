import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppNotification, NotificationKind, NotificationList } from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import * as q from './queries.js';

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

export type NotificationsService = ReturnType<typeof createNotificationsService>;

export function createNotificationsService(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /**
     * The statement that stores notifications with the caller's writes (in its transaction, or
     * inside its one statement: ADR 0026), so they exist exactly when what they announce does;
     * none when there is no news. And the events its stored rows make, to publish once those
     * writes have committed. News about the same thing for the same person is one line: the last
     * given wins.
     */
    notifyStatement(runner: Kysely<DB>, news: NewNotification[]) {
      const latest = new Map(news.map((n) => [`${n.userId} ${n.kind} ${n.subject}`, n]));
      const createdAt = clock.iso();
      const rows = [...latest.values()].map((n) => ({ id: crypto.randomUUID(), user_id: n.userId, kind: n.kind, subject: n.subject, title: n.title, body: n.body, link: n.link, created_at: createdAt, read_at: null }));
      return {
        query: rows.length ? q.upsertUnread(runner, rows) : undefined,
        events(stored: DB['notifications'][]) {
          if (stored.length !== rows.length) throw new Error('a notification was neither inserted nor updated');
          return stored.map((row) => ({ type: 'notification.created' as const, userId: row.user_id, notification: toNotification(row) }));
        },
      };
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

    /** Read notifications older than 90 days are let go. */
    async sweep(): Promise<void> {
      await q.deleteReadBefore(db, clock.iso(-90 * 86_400_000));
    },
  };
}
