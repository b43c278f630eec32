import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createMediaService } from '../src/media/media-service.js';
import type { AuctionStatusValue } from '../src/db/schema.js';
import { createClips, type Clips } from '../src/modules/streams/clips.js';
import { clipsRoutes } from '../src/modules/streams/clips-routes.js';
import { createPins, type Pins } from '../src/modules/streams/pins.js';
import { pinsRoutes } from '../src/modules/streams/pins-routes.js';
import type { TestApp } from './support.js';

/** An object whose members call through to one made later (routes are registered before the app is ready). */
function late<T extends object>(get: () => T): T {
  return new Proxy({} as T, {
    get:
      (_target, member) =>
      (...args: unknown[]) =>
        (get() as Record<PropertyKey, (...a: unknown[]) => unknown>)[member]!(...args),
  });
}

/**
 * Buy It Now and sale clips, as the streams module will build them (issue 30). Until its index
 * registers their routes, `register` (for startTestApp's beforeReady) adds them; once it does,
 * the app's own are used and these only read the same tables.
 */
export function showParts() {
  const parts: { pins?: Pins; clips?: Clips } = {};
  return {
    register(app: FastifyInstance) {
      void app.register(async (scope) => {
        if (!scope.hasRoute({ method: 'POST', url: '/api/streams/:id/pins' }))
          await scope.register(pinsRoutes(late(() => parts.pins!)));
        if (!scope.hasRoute({ method: 'POST', url: '/api/streams/:id/lots/:lotId/clip' }))
          await scope.register(clipsRoutes(late(() => parts.clips!)));
      });
    },
    build(t: TestApp) {
      const media = createMediaService(t.storage, t.app.log);
      const common = { db: t.database.db, clock: t.clock, publish: t.events.publish };
      parts.pins = createPins({
        ...common,
        dialect: t.database.dialect,
        media,
        ports: { orders: t.orders, catalog: t.catalog },
      });
      parts.clips = createClips({ ...common, media });
      t.ports.orders.slots.clipSource((ids) => parts.clips!.clipsOf(ids));
      return { pins: parts.pins, clips: parts.clips };
    },
  };
}

const at = (ms = 0) => new Date(Date.now() + ms).toISOString();

/** A show row and its first lot, written directly: lots and going live are the streams module's. */
export async function insertShow(
  t: TestApp,
  hostId: string,
  status: 'scheduled' | 'live' | 'ended' = 'live',
): Promise<{ streamId: string; lotId: string }> {
  const streamId = crypto.randomUUID();
  const lotId = await insertLot(t, streamId, hostId, 'pending', null, { withStream: false });
  await t.database.db
    .insertInto('streams')
    .values({
      id: streamId,
      host_id: hostId,
      title: 'Friday finds',
      cover_key: null,
      auction_id: lotId,
      status,
      started_at: at(),
      ends_at: at(3600_000),
      ended_at: status === 'ended' ? at() : null,
      end_reason: status === 'ended' ? 'host' : null,
      host_seen_at: at(),
      video_room: null,
      created_at: at(),
    })
    .execute();
  await t.database.db.updateTable('auctions').set({ stream_id: streamId }).where('id', '=', lotId).execute();
  return { streamId, lotId };
}

/** A lot of a show (an auction with its stream id), in the given state; sold ones name their winner. */
export async function insertLot(
  t: TestApp,
  streamId: string,
  sellerId: string,
  status: AuctionStatusValue,
  winnerId: string | null,
  opts: { price?: number; withStream?: boolean; productId?: string | null } = {},
): Promise<string> {
  const id = crypto.randomUUID();
  await t.database.db
    .insertInto('auctions')
    .values({
      id,
      product_id: opts.productId ?? null,
      seller_id: sellerId,
      title: `Lot ${id.slice(0, 6)}`,
      title_key: `lot ${id.slice(0, 6)}`,
      category: 'Gaming',
      images: '[]',
      starting_bid: 100,
      reserve_price: null,
      current_bid: status === 'sold' ? (opts.price ?? 1000) : null,
      sort_price: opts.price ?? 1000,
      leader_id: winnerId,
      leader_max: null,
      closing_style: 'sudden',
      starts_at: at(),
      ends_at: at(30_000),
      status,
      winner_id: status === 'sold' ? winnerId : null,
      closed_at: status === 'sold' ? at() : null,
      created_at: at(),
      kind: 'live',
      stream_id: opts.withStream === false ? null : streamId,
    })
    .execute();
  return id;
}

/** A WebM's first bytes (EBML header) and an MP4's (an ftyp box), padded to `size`. */
export const WEBM = (size = 4096) => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(size - 4, 7)]);
export const MP4 = (size = 4096) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(size - 12, 3)]);
