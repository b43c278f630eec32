import type { Clip, GiveawayCard, PinCard } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';

/**
 * The parts of a show that live in their own files (issue 30), as the stream's own service sees
 * them: Buy It Now (pins.ts), giveaways (giveaways.ts), the sale clips (clips.ts), reminders (reminders.ts) and the room's
 * moderation (moderation.ts). index.ts builds them and hands them to createStreamsService, so the
 * stream's page and chat read them without the service knowing their tables.
 */
export interface ShowParts {
  /** Buy It Now: the show's pinned items, in the order they were pinned. */
  pinsOf(streamId: string): Promise<PinCard[]>;
  /** The show's latest giveaway and whether this viewer entered it (giveaways.ts). */
  giveawayOf(
    viewer: UserRow | null,
    streamId: string,
  ): Promise<{ giveaway: GiveawayCard | null; giveawayEntered: boolean }>;
  /** Sold lots' clips, by lot (auction) id. */
  clipsOf(auctionIds: readonly string[]): Promise<ReadonlyMap<string, Clip>>;
  /** What this person sees of the room: reminded, may moderate, the muted words (host and moderators only), their own mute. */
  room(
    viewer: UserRow | null,
    stream: StreamRef,
  ): Promise<{ reminded: boolean; canModerate: boolean; mutedWords: string[]; mutedUntil: string | null }>;
  /** Whether this person is the host or one of the host's moderators. */
  canModerate(userId: string, stream: StreamRef): Promise<boolean>;
  /**
   * Before a chat line is posted: refuses a muted sender (RATE_LIMITED-like FORBIDDEN with
   * MSG.mutedInChat), and says whether the line holds a muted word (then only its sender sees it).
   */
  chatCheck(user: UserRow, stream: StreamRef, text: string): Promise<{ hidden: boolean }>;
  /** After a scheduled show went live (committed): reminded viewers and the host's followers are told. */
  onShowLive(stream: StreamRef & { title: string }): Promise<void>;
}

/** What the parts need to know of a stream. */
export interface StreamRef {
  id: string;
  host_id: string;
  /** JSON array, as stored. */
  muted_words: string;
}

/** Parts that do nothing: a show without pins, clips, reminders or moderators (unit tests). */
export const NO_SHOW_PARTS: ShowParts = {
  pinsOf: async () => [],
  giveawayOf: async () => ({ giveaway: null, giveawayEntered: false }),
  clipsOf: async () => new Map(),
  room: async (viewer, stream) => ({
    reminded: false,
    canModerate: viewer?.id === stream.host_id,
    mutedWords: [],
    mutedUntil: null,
  }),
  canModerate: async (userId, stream) => userId === stream.host_id,
  chatCheck: async () => ({ hidden: false }),
  onShowLive: async () => undefined,
};
