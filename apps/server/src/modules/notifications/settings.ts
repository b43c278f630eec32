import type { Kysely } from 'kysely';
import {
  CHANNELS,
  NOTIFICATION_TOPICS,
  TOPIC_KINDS,
  type Channel,
  type NotificationKind,
  type NotificationSettings,
  type TopicSetting,
} from '@souq/shared';
import type { DB } from '../../db/schema.js';
import * as q from './queries.js';

/**
 * Settings → Notifications (issue 48): each topic on the bell, in email and as a push message.
 * A topic is stored as its kinds, so whoever reads a switch asks about the kind it is telling.
 */
export function createNotificationSettings(db: Kysely<DB>) {
  async function settingsOf(userId: string): Promise<NotificationSettings> {
    const off = new Set((await q.mutesOf(db, userId)).map((m) => `${m.kind} ${m.channel}`));
    return {
      topics: NOTIFICATION_TOPICS.map((topic) => {
        // A topic's kinds are switched together; the first stands for them all.
        const kind = TOPIC_KINDS[topic][0];
        const on = (channel: Channel) => !off.has(`${kind} ${channel}`);
        return { topic, bell: on('bell'), email: on('email'), push: on('push') };
      }),
    };
  }

  return {
    settingsOf,

    async save(userId: string, topics: TopicSetting[]): Promise<NotificationSettings> {
      const given = new Map(topics.map((t) => [t.topic, t]));
      const kinds = [...given.keys()].flatMap((topic) => TOPIC_KINDS[topic]);
      const off = [...given.values()].flatMap((t) =>
        CHANNELS.filter((channel) => !t[channel]).flatMap((channel) =>
          TOPIC_KINDS[t.topic].map((kind) => ({ kind, channel })),
        ),
      );
      await db.transaction().execute((trx) => q.setMutes(trx, userId, kinds, off));
      return settingsOf(userId);
    },

    /** The `user kind` pairs, among these people, switched off on this channel. */
    mutedPairs: (userIds: string[], channel: Channel) => q.mutedPairs(db, userIds, channel),

    /** Whether this person wants this kind of news on this channel. */
    async wants(userId: string, kind: NotificationKind, channel: Channel): Promise<boolean> {
      return !(await q.mutedPairs(db, [userId], channel)).has(`${userId} ${kind}`);
    },
  };
}

export type NotificationSettingsService = ReturnType<typeof createNotificationSettings>;
