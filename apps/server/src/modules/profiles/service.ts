import type { Kysely, Transaction } from 'kysely';
import { MSG, type ProfileInput, type PublicProfile } from '@souq/shared';
import { isUniqueViolation } from '../../db/database.js';
import type { DB, UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { UploadSource } from '../../media/images.js';
import type { MediaService } from '../../media/media-service.js';
import type { Clock } from '../../lib/clock.js';
import * as q from './queries.js';
import { createTaxDetails } from './tax.js';

export interface ProfilesDeps {
  db: Kysely<DB>;
  media: MediaService;
  isUsernameTaken: (username: string, exceptUserId: string) => Promise<boolean>;
  clock: Clock;
}

export type ProfilesService = ReturnType<typeof createProfilesService>;

export function createProfilesService(deps: ProfilesDeps) {
  const { db, media } = deps;

  async function mustExist(id: string) {
    const profile = await q.findProfile(db, id);
    if (!profile) throw new DomainError('NOT_FOUND', MSG.userNotFound);
    return profile;
  }

  return {
    // Settings' tax details (issue 32): tax.ts.
    ...createTaxDetails(deps),

    async get(viewer: UserRow | null, id: string): Promise<PublicProfile> {
      const p = await mustExist(id);
      return {
        id: p.id,
        username: p.username,
        profilePic: media.avatarUrl(p.avatar_key),
        bio: p.bio,
        contactEmail: p.contact_email,
        postsCount: p.posts_count,
        followersCount: p.followers_count,
        followingCount: p.following_count,
        createdAt: p.created_at,
        isMe: viewer?.id === p.id,
        isFollowing: viewer ? await q.isFollowing(db, viewer.id, p.id) : false,
      };
    },

    async update(user: UserRow, input: ProfileInput): Promise<void> {
      const taken = () => new DomainError('CONFLICT', MSG.usernameTaken, { username: MSG.usernameTaken });
      if (await deps.isUsernameTaken(input.username, user.id)) throw taken();
      try {
        await q.updateProfile(db, user.id, {
          username: input.username,
          bio: input.bio,
          contact_email: input.contactEmail,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw taken();
        throw error;
      }
    },

    async setPhoto(user: UserRow, photo: UploadSource): Promise<{ profilePic: string }> {
      const [key] = await media.storeImages('avatars', [photo]);
      await q.setAvatarKey(db, user.id, key!);
      // The replaced photo is nobody's any more.
      if (user.avatar_key) await media.removeImages([user.avatar_key]);
      return { profilePic: media.avatarUrl(key!) };
    },

    /** Follow writes the row and both counts in one transaction; nobody follows themselves. */
    async follow(user: UserRow, id: string): Promise<PublicProfile['followersCount']> {
      if (user.id === id) throw new DomainError('VALIDATION_FAILED', MSG.cannotFollowSelf);
      await mustExist(id);
      await db.transaction().execute(async (trx) => {
        if (await q.insertFollow(trx, user.id, id, deps.clock.iso())) await q.adjustFollowCounts(trx, user.id, id, 1);
      });
      return (await mustExist(id)).followers_count;
    },

    async unfollow(user: UserRow, id: string): Promise<number> {
      await db.transaction().execute(async (trx) => {
        if (await q.deleteFollow(trx, user.id, id)) await q.adjustFollowCounts(trx, user.id, id, -1);
      });
      return (await mustExist(id)).followers_count;
    },

    followedIds: (userId: string, limit = 500) => q.followedIds(db, userId, limit),
    followedAmong: async (userId: string, ids: string[]) => new Set(await q.followedAmong(db, userId, ids)),
    followerIds: (userId: string) => q.followerIds(db, userId),
    /** The stored files profile pictures use (both renditions of each). */
    async referencedUploads(): Promise<string[]> {
      return (await q.avatarKeys(db)).flatMap((key) => media.filesOfImage(key));
    },

    adjustPostsCount: async (trx: Transaction<DB>, userId: string, delta: number) => {
      await q.adjustPostsCount(trx, userId, delta);
    },
  };
}
