import {
  CHAT_HISTORY,
  MSG,
  type ChatMessage,
  type Page,
  type PageQuery,
  type StreamCard,
  type StreamDetail,
  type VideoJoin,
} from '@souq/shared';
import { iceServersFor } from '../../adapters/video/index.js';
import type { UserRow } from '../../db/schema.js';
import { decodeCursor, encodeCursor, pageOf } from '../../lib/cursor.js';
import { DomainError } from '../../lib/errors.js';
import * as lq from './lots-queries.js';
import type { ShowAccess, StreamsDeps } from './show-deps.js';
import type { ShowScreen } from './show-screen.js';
import * as q from './queries.js';

/** The shows as pages list them, one show's page, and who may watch and join its video. */
export function createShowReads(
  deps: StreamsDeps & {
    access: ShowAccess;
    screen: ShowScreen;
    toMessage: (r: Awaited<ReturnType<typeof q.recentMessages>>[number]) => ChatMessage;
  },
) {
  const { db, clock, media, ports, toMessage } = deps;
  const { mustFind } = deps.access;
  const { card, streamLive, lotsWithClips } = deps.screen;

  return {
    /** Scheduled shows, soonest first. */
    async upcoming(): Promise<{ items: StreamCard[] }> {
      return { items: (await q.upcoming(db, 24)).map(card) };
    },

    async list({ cursor }: PageQuery): Promise<Page<StreamCard>> {
      const after = decodeCursor(cursor);
      if (after && (typeof after[0] !== 'string' || !/^[01]\|/.test(after[0])))
        throw new DomainError('VALIDATION_FAILED', MSG.invalidCursor);
      const rows = await q.listPage(db, 25, after);
      return pageOf(rows, 24, card, (r) => encodeCursor(`${r.live_rank}|${r.created_at}`, r.id));
    },

    async detail(viewer: UserRow | null, id: string): Promise<StreamDetail> {
      const row = await deps.access.visible(viewer?.id ?? null, id);
      const [auction, messages, removed, lots, pins, room, myPrebids, giveaway] = await Promise.all([
        ports.auctions.liveState(row.auction_id),
        q.recentMessages(db, id, CHAT_HISTORY, viewer?.id ?? null),
        viewer ? q.isBanned(db, id, viewer.id) : false,
        lotsWithClips(id),
        deps.parts.pinsOf(id),
        deps.parts.room(viewer, row),
        viewer ? lq.myPrebids(db, id, viewer.id) : {},
        deps.parts.giveawayOf(viewer, id),
      ]);
      const isHost = viewer?.id === row.host_id;
      // A viewer's own order from the show (every win and purchase in one); for the host, the lot on screen's.
      const order = !viewer
        ? undefined
        : isHost
          ? await ports.orders.orderOfAuction(row.auction_id)
          : await ports.orders.showOrderOf(viewer.id, id);
      return {
        ...card(row),
        ...streamLive(row, auction, lots.find((l) => l.id === row.auction_id) ?? null),
        auctionId: row.auction_id,
        product: { id: row.product_id, title: row.product_title, image: media.firstImageOf(row.product_images) },
        serverTime: clock.iso(),
        isHost,
        removed,
        recentMessages: messages.map(toMessage),
        order: order ? { id: order.id, status: order.status } : null,
        lots,
        pins,
        myPrebids,
        ...giveaway,
        rehearsalPace: row.rehearsal_pace,
        ...room,
      };
    },

    /** Who may watch: anyone, except a person the host removed. Returns whether this person hosts it, and whether it is live. */
    async admit(userId: string | null, streamId: string): Promise<{ isHost: boolean; live: boolean }> {
      const row = await deps.access.visible(userId, streamId);
      if (userId && (await q.isBanned(db, streamId, userId))) throw new DomainError('FORBIDDEN', MSG.removedFromStream);
      return { isHost: userId === row.host_id, live: row.status === 'live' };
    },

    /** Video signalling is for a live stream only: an ended one's room is closed. */
    async mustBeLive(streamId: string): Promise<void> {
      if ((await mustFind(streamId)).status !== 'live') throw new DomainError('CONFLICT', MSG.streamNotLive);
    },

    /** How this person's browser joins the video: the host publishes, the rest watch. */
    async video(viewer: UserRow | null, streamId: string): Promise<VideoJoin> {
      const row = await mustFind(streamId);
      if (viewer && (await q.isBanned(db, streamId, viewer.id)))
        throw new DomainError('FORBIDDEN', MSG.removedFromStream);
      const role = viewer?.id === row.host_id ? 'publisher' : 'subscriber';
      // An ended stream has no video for anyone; asking the SFU would bring its closed room back.
      if (row.status !== 'live') throw new DomainError('CONFLICT', MSG.streamNotLive);
      return deps.video.join(
        { id: row.id, videoRoom: row.video_room },
        { userId: viewer?.id ?? null, role },
        iceServersFor(deps.ice, viewer?.id ?? null, clock.now()),
      );
    },

    /** The stored files streams use: both renditions of every cover. */
    async referencedUploads(): Promise<string[]> {
      return (await q.coverKeys(db)).flatMap((key) => media.filesOfImage(key));
    },
  };
}
