import type { Kysely } from 'kysely';
import {
  MODERATORS_MAX,
  MUTE_MS,
  MSG,
  MutedWordsSchema,
  ModeratorSchema,
  hasMutedWord,
  type UserBrief,
  type ViewerList,
} from '@souq/shared';
import type { DialectName } from '../../db/database.js';
import type { DB, UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError, parseInput } from '../../lib/errors.js';
import type { Publish } from '../../lib/events.js';
import type { MediaService } from '../../media/media-service.js';
import * as q from './moderation-queries.js';
import type { ShowParts, StreamRef } from './parts.js';
import { createReminders, type Reminders, type RemindersDeps } from './reminders.js';

declare module '../../lib/events.js' {
  interface DomainEvents {
    /** A host or moderator muted someone in a stream's chat: that person is told until when. */
    'stream.muted': { streamId: string; userId: string; until: string };
  }
}

export interface ModerationDeps {
  db: Kysely<DB>;
  dialect: DialectName;
  clock: Clock;
  media: Pick<MediaService, 'avatarUrl'>;
  publish: Publish;
}

/** The stored muted words; a value that is not a list of strings mutes nothing rather than breaking the chat. */
export function mutedWordsOf(stream: Pick<StreamRef, 'muted_words'>): string[] {
  try {
    const words: unknown = JSON.parse(stream.muted_words);
    return Array.isArray(words) ? words.filter((w): w is string => typeof w === 'string') : [];
  } catch {
    return [];
  }
}

export type Moderation = ReturnType<typeof createModeration>;

/**
 * The room's moderation (ADR 0036, "The room"): the host names moderators for all their shows,
 * host and moderators mute a viewer for five minutes, and the host's muted words hide a chat line
 * from everyone but its sender. Every write is checked here, whoever calls.
 */
export function createModeration(deps: ModerationDeps) {
  const { db, clock, media } = deps;
  const brief = (u: { id: string; username: string; avatar_key: string | null }): UserBrief => ({
    id: u.id,
    username: u.username,
    profilePic: media.avatarUrl(u.avatar_key),
  });

  async function mustFind(streamId: string) {
    const stream = await q.streamRef(db, streamId);
    if (!stream) throw new DomainError('NOT_FOUND', MSG.streamNotFound);
    return stream;
  }

  const canModerate = async (userId: string, stream: Pick<StreamRef, 'host_id'>): Promise<boolean> =>
    userId === stream.host_id || (await q.isModerator(db, stream.host_id, userId));

  /** The stream, if this person may moderate it; refused otherwise (signed out, or neither host nor moderator). */
  async function mustModerate(userId: string | null, streamId: string) {
    if (!userId) throw new DomainError('UNAUTHENTICATED', MSG.mustBeLoggedIn);
    const stream = await mustFind(streamId);
    if (!(await canModerate(userId, stream))) throw new DomainError('FORBIDDEN', MSG.notModerator);
    return stream;
  }

  return {
    canModerate,
    mustModerate,
    mutedUntil: (streamId: string, userId: string) => q.mutedUntil(db, streamId, userId, clock.iso()),

    /** A muted sender is refused; a line with a muted word is hidden, unless the host or a moderator wrote it. */
    async chatCheck(user: UserRow, stream: StreamRef, text: string): Promise<{ hidden: boolean }> {
      if (await q.mutedUntil(db, stream.id, user.id, clock.iso())) throw new DomainError('FORBIDDEN', MSG.mutedInChat);
      // The moderator lookup only for a line that would be hidden: most lines hold no muted word.
      const hidden = hasMutedWord(text, mutedWordsOf(stream)) && !(await canModerate(user.id, stream));
      return { hidden };
    },

    async moderators(host: UserRow): Promise<UserBrief[]> {
      return (await q.moderators(db, host.id)).map(brief);
    },

    /** Names a moderator by username; naming one already named changes nothing. */
    async addModerator(host: UserRow, input: unknown): Promise<UserBrief> {
      const { username } = parseInput(ModeratorSchema, input);
      const user = await q.userByUsername(db, username);
      if (!user) throw new DomainError('NOT_FOUND', MSG.userNotFound);
      if (user.id === host.id) throw new DomainError('CONFLICT', MSG.moderatorSelf);
      await db.transaction().execute(async (trx) => {
        await q.lockModerators(trx, host.id, deps.dialect);
        if (await q.isModerator(trx, host.id, user.id)) return;
        if ((await q.countModerators(trx, host.id)) >= MODERATORS_MAX)
          throw new DomainError('CONFLICT', MSG.moderatorsFull);
        await q.insertModerator(trx, host.id, user.id, clock.iso());
      });
      return brief(user);
    },

    async removeModerator(host: UserRow, userId: string): Promise<void> {
      if (!(await q.deleteModerator(db, host.id, userId))) throw new DomainError('NOT_FOUND', MSG.userNotFound);
    },

    /** Host or moderator: this person may not chat in this stream for five minutes from now. */
    async mute(actor: UserRow, streamId: string, userId: string): Promise<{ until: string }> {
      const stream = await mustModerate(actor.id, streamId);
      // Nobody mutes the host or themselves: answered as removing the host is (service.ts removeViewer).
      if (userId === stream.host_id || userId === actor.id) throw new DomainError('VALIDATION_FAILED', MSG.notFound);
      if (!(await q.userBriefs(db, [userId])).length) throw new DomainError('NOT_FOUND', MSG.userNotFound);
      if (stream.status === 'ended') throw new DomainError('CONFLICT', MSG.streamNotLive);
      const until = clock.iso(MUTE_MS);
      await q.upsertMute(db, streamId, userId, until);
      deps.publish({ type: 'stream.muted', streamId, userId, until });
      return { until };
    },

    /** The host's list, whole: the same word in other capitals is kept once, as first written. */
    async setMutedWords(host: UserRow, streamId: string, input: unknown): Promise<{ words: string[] }> {
      const { words } = parseInput(MutedWordsSchema, input);
      const stream = await mustFind(streamId);
      if (stream.host_id !== host.id) throw new DomainError('FORBIDDEN', MSG.notStreamHost);
      const seen = new Set<string>();
      const kept = words.filter((word) => {
        const key = word.toLocaleLowerCase('en');
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      await q.setMutedWords(db, streamId, JSON.stringify(kept));
      return { words: kept };
    },

    /** Who is watching, given who is in the room: the signed-in people but the host, by name, and the guests. */
    async viewerList(
      stream: Pick<StreamRef, 'host_id'>,
      present: { userIds: string[]; guests: number },
    ): Promise<ViewerList> {
      const ids = present.userIds.filter((id) => id !== stream.host_id);
      return { viewers: (await q.userBriefs(db, ids)).map(brief), guests: present.guests };
    },

    /** The job's run: mutes that have ended are forgotten. */
    async sweepEndedMutes(): Promise<void> {
      await q.deleteEndedMutes(db, clock.iso());
    },
  };
}

export type RoomDeps = ModerationDeps & Omit<RemindersDeps, keyof ModerationDeps>;
export type RoomParts = Pick<ShowParts, 'room' | 'canModerate' | 'chatCheck' | 'onShowLive'> & {
  moderation: Moderation;
  reminders: Reminders;
};

/**
 * The room's share of a show's parts (parts.ts), and the services its routes and socket use:
 * index.ts spreads the four into the ShowParts it hands the stream's service.
 */
export function createRoomParts(deps: RoomDeps): RoomParts {
  const moderation = createModeration(deps);
  const reminders = createReminders(deps);
  return {
    moderation,
    reminders,
    canModerate: moderation.canModerate,
    chatCheck: moderation.chatCheck,
    onShowLive: reminders.onShowLive,
    async room(viewer, stream) {
      if (!viewer) return { reminded: false, canModerate: false, mutedWords: [], mutedUntil: null };
      const [reminded, canModerate, mutedUntil] = await Promise.all([
        reminders.isReminded(stream.id, viewer.id),
        moderation.canModerate(viewer.id, stream),
        moderation.mutedUntil(stream.id, viewer.id),
      ]);
      // The words themselves are the moderators' business: a viewer who saw them could dodge them.
      return { reminded, canModerate, mutedWords: canModerate ? mutedWordsOf(stream) : [], mutedUntil };
    },
  };
}
