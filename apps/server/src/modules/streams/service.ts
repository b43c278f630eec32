import type { ChatMessage, StreamLive } from '@souq/shared';
import '../../lib/listings.js';
import { createChat } from './chat.js';
import { createLifecycle } from './lifecycle.js';
import { createRemovals } from './removals.js';
import { createStarting } from './starting.js';
import { createRunSheet } from './lots.js';
import { createShowAccess, type StreamsDeps } from './show-deps.js';
import { createShowReads } from './show-reads.js';
import { createShowScreen } from './show-screen.js';

declare module '../../lib/events.js' {
  interface DomainEvents {
    /** A stream started or ended (the live list refreshes), with its state when it ended. */
    'stream.changed': { streamId: string; live: StreamLive | null; ended: boolean };
    /** A chat line; `onlyFor`: a line holding a muted word, which only its sender sees. */
    'stream.message': { streamId: string; message: ChatMessage; onlyFor?: string };
    'stream.message-deleted': { streamId: string; messageId: string };
    'stream.viewer-removed': { streamId: string; userId: string };
  }
}

export type { StreamsDeps } from './show-deps.js';
export type StreamsService = ReturnType<typeof createStreamsService>;

/**
 * Shows, joined from their parts: the show's start and end (starting.ts, lifecycle.ts), its chat and chat bids
 * (chat.ts) and who was removed from it (removals.ts), its screen (show-screen.ts), the run sheet (lots.ts) and the pages' reads
 * (show-reads.ts); Buy It Now, clips, reminders and moderation come in `deps.parts` (parts.ts).
 */
export function createStreamsService(deps: StreamsDeps) {
  const { db, clock, media, ports } = deps;
  const access = createShowAccess(deps);
  const screen = createShowScreen(deps);
  const runSheet = createRunSheet({
    db,
    clock,
    publish: deps.publish,
    log: deps.log,
    auctions: ports.auctions,
    avatarUrl: media.avatarUrl,
    mustFind: access.mustFind,
    hosted: access.hosted,
    withClip: screen.withClip,
  });

  const chat = createChat({ ...deps, access });

  const { end, ...lifecycle } = createLifecycle({ ...deps, access, screen, runSheet });

  return {
    ...createStarting({ ...deps, access, screen, end }),
    ...lifecycle,
    ...createRemovals({ ...deps, access }),
    ...createShowReads({ ...deps, access, screen, toMessage: chat.toMessage }),
    ...chat.members,
    bidBanner: screen.bidBanner,
    screen: screen.screen,
    addLot: runSheet.addLot,
    editLot: runSheet.editLot,
    dropLot: runSheet.dropLot,
    reorderLots: runSheet.reorderLots,
    startLot: runSheet.startLot,
    prebid: runSheet.prebid,
    /** Registered with the auctions module: a lot's close posts the hammer line and tells the room. */
    onLotClosed: runSheet.onLotClosed,
  };
}
