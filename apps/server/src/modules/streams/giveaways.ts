import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { MSG, streamRoom, type GiveawayCard, type GiveawayInput } from '@souq/shared';
import type { DialectName } from '../../db/database.js';
import type { DB, UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { Publish } from '../../lib/events.js';
import type { MailLater } from '../../lib/mail-later.js';
import type { MediaService } from '../../media/media-service.js';
import type { SocketParts } from '../../realtime/types.js';
import type { AccountsPort } from '../accounts/port.js';
import type { CatalogPort } from '../catalog/port.js';
import type { NotificationsPort } from '../notifications/port.js';
import type { OrdersPort } from '../orders/port.js';
import type { ProfilesPort } from '../profiles/port.js';
import { createDrawing } from './giveaway-drawing.js';
import * as q from './giveaways-queries.js';
import * as pq from './pins-queries.js';

declare module '../../lib/events.js' {
  interface DomainEvents {
    /** A giveaway started or was drawn: the show's latest giveaway as everyone sees it. */
    'stream.giveaway': { streamId: string; giveaway: GiveawayCard };
  }
}

export interface GiveawaysDeps {
  db: Kysely<DB>;
  dialect: DialectName;
  clock: Clock;
  media: Pick<MediaService, 'firstImageOf'>;
  publish: Publish;
  mailLater: MailLater;
  publicUrl: string;
  ports: {
    orders: Pick<OrdersPort, 'addToShowOrder' | 'showOrderOf'>;
    catalog: Pick<CatalogPort, 'pricesFor'>;
    profiles: Pick<ProfilesPort, 'followedAmong'>;
    notifications: Pick<NotificationsPort, 'notify'>;
    accounts: Pick<AccountsPort, 'contactsOf'>;
  };
}

export type Giveaways = ReturnType<typeof createGiveaways>;

/**
 * Giveaways in a live show (issue 47, ADR 0054): the host gives a product away with a timer on the
 * server's clock; viewers the host allowed enter once each; when the timer ends one instance claims
 * the draw, picks a winner uniformly from the entries with a stored seed, and adds the product at
 * AED 0 (and the host's delivery charge) to the winner's order from the show, in one transaction.
 */
export function createGiveaways(deps: GiveawaysDeps) {
  const { db, dialect, clock, media, ports } = deps;

  const card = (row: q.GiveawayRow): GiveawayCard => ({
    id: row.id,
    product: { id: row.product_id, title: row.title, image: media.firstImageOf(row.images) },
    eligibility: row.eligibility,
    deliveryFee: Number(row.delivery_fee),
    endsAt: row.ends_at,
    status: row.status,
    entries: row.entry_count,
    winner: row.winner_id ? { id: row.winner_id, username: row.winner_username ?? '' } : null,
  });

  async function announce(id: string): Promise<GiveawayCard> {
    const row = (await q.cardOf(db, id))!;
    const giveaway = card(row);
    deps.publish({ type: 'stream.giveaway', streamId: row.stream_id, giveaway });
    return giveaway;
  }

  /** Whether this viewer is among those the giveaway is for. */
  async function mayEnter(user: UserRow, streamId: string, hostId: string, eligibility: string): Promise<void> {
    if (eligibility === 'followers' && !(await ports.profiles.followedAmong(user.id, [hostId])).has(hostId))
      throw new DomainError('FORBIDDEN', MSG.giveawayFollowersOnly);
    if (eligibility === 'buyers' && !(await ports.orders.showOrderOf(user.id, streamId)))
      throw new DomainError('FORBIDDEN', MSG.giveawayBuyersOnly);
  }

  return {
    /** The show's latest giveaway and whether this viewer entered it (the stream's page). */
    async giveawayOf(
      viewer: UserRow | null,
      streamId: string,
    ): Promise<{ giveaway: GiveawayCard | null; giveawayEntered: boolean }> {
      const row = await q.latestOf(db, streamId);
      if (!row) return { giveaway: null, giveawayEntered: false };
      return { giveaway: card(row), giveawayEntered: viewer ? await q.hasEntered(db, row.id, viewer.id) : false };
    },

    async start(host: UserRow, streamId: string, input: GiveawayInput): Promise<GiveawayCard> {
      const show = await pq.findShow(db, streamId, dialect);
      if (!show) throw new DomainError('NOT_FOUND', MSG.streamNotFound);
      if (show.host_id !== host.id) throw new DomainError('FORBIDDEN', MSG.notStreamHost);
      if (show.status !== 'live') throw new DomainError('CONFLICT', MSG.giveawayNeedsLive);
      const id = crypto.randomUUID();
      await db.transaction().execute(async (trx) => {
        // Locked (PostgreSQL) so two giveaways started at once see each other.
        await pq.findShow(trx, streamId, dialect, true);
        const [product] = await ports.catalog.pricesFor(trx, [input.productId]);
        if (!product) throw new DomainError('NOT_FOUND', MSG.productNotFound);
        if (product.ownerId !== host.id) throw new DomainError('FORBIDDEN', MSG.notProductOwner);
        if (!product.purchasable) throw new DomainError('CONFLICT', MSG.productOnAuction);
        if (await q.openOf(trx, streamId)) throw new DomainError('CONFLICT', MSG.giveawayRunning);
        await q.insertGiveaway(trx, {
          id,
          stream_id: streamId,
          product_id: input.productId,
          eligibility: input.eligibility,
          delivery_fee: input.deliveryFee,
          created_at: clock.iso(),
          ends_at: clock.iso(input.seconds * 1000),
        });
      });
      return announce(id);
    },

    /** One entry, while the timer runs on the server's clock, for a viewer the giveaway is for. */
    async enter(user: UserRow, streamId: string, giveawayId: string): Promise<{ entered: true }> {
      const show = await pq.findShow(db, streamId, dialect);
      if (!show) throw new DomainError('NOT_FOUND', MSG.streamNotFound);
      if (show.host_id === user.id) throw new DomainError('FORBIDDEN', MSG.giveawayHostCannotEnter);
      if (await pq.isBanned(db, streamId, user.id)) throw new DomainError('FORBIDDEN', MSG.removedFromStream);
      const known = await q.cardOf(db, giveawayId);
      if (!known || known.stream_id !== streamId) throw new DomainError('NOT_FOUND', MSG.giveawayNotFound);
      await mayEnter(user, streamId, show.host_id, known.eligibility);
      await db.transaction().execute(async (trx) => {
        const giveaway = await q.lockGiveaway(trx, giveawayId, streamId, dialect);
        if (!giveaway) throw new DomainError('NOT_FOUND', MSG.giveawayNotFound);
        const now = clock.iso();
        if (giveaway.status !== 'open' || giveaway.ends_at <= now) throw new DomainError('CONFLICT', MSG.giveawayEnded);
        if (!(await q.insertEntry(trx, giveawayId, user.id, now)))
          throw new DomainError('CONFLICT', MSG.giveawayEnteredAlready);
      });
      return { entered: true };
    },

    ...createDrawing(deps, announce),
  };
}

/** Giveaways in the live room: each start and draw reaches everyone watching the show. */
export function giveawaysSocket(): SocketParts {
  return {
    onEvent(event, out) {
      if (event.type !== 'stream.giveaway') return;
      out.to(streamRoom(event.streamId)).emit('show:giveaway', { streamId: event.streamId, giveaway: event.giveaway });
    },
  };
}
