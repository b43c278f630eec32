import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { MSG, PINS_MAX, streamRoom, type PinCard, type PinInput } from '@souq/shared';
import { isUniqueViolation, type DialectName } from '../../db/database.js';
import type { DB, UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { Publish } from '../../lib/events.js';
import type { MediaService } from '../../media/media-service.js';
import type { SocketParts } from '../../realtime/types.js';
import type { CatalogPort } from '../catalog/port.js';
import type { OrdersPort } from '../orders/port.js';
import { createPinPurchase } from './pin-purchase.js';
import * as q from './pins-queries.js';

declare module '../../lib/events.js' {
  interface DomainEvents {
    /** Buy It Now changed (pinned, unpinned, a unit sold): every pinned item of the show. */
    'stream.pins': { streamId: string; pins: PinCard[] };
  }
}

export interface PinsDeps {
  db: Kysely<DB>;
  dialect: DialectName;
  clock: Clock;
  media: Pick<MediaService, 'firstImageOf'>;
  publish: Publish;
  ports: { orders: Pick<OrdersPort, 'addToShowOrder'>; catalog: Pick<CatalogPort, 'pricesFor'> };
}

export type { Purchase } from './pin-purchase.js';

export type Pins = ReturnType<typeof createPins>;

/**
 * Buy It Now (ADR 0036): the host pins their products at a fixed price with a stock; a viewer buys
 * one unit (pin-purchase.ts), which joins their order from this show in the same transaction as the count.
 */
export function createPins(deps: PinsDeps) {
  const { db, dialect, clock, media, ports } = deps;

  const card = (row: q.PinRow): PinCard => ({
    id: row.id,
    product: { id: row.product_id, title: row.title, image: media.firstImageOf(row.images) },
    price: Number(row.price),
    stock: row.stock,
    sold: row.sold,
    flash: row.flash_ends_at
      ? { endsAt: row.flash_ends_at, perBuyer: Number(row.per_buyer), listPrice: Number(row.list_price) }
      : null,
  });

  const pinsOf = async (streamId: string): Promise<PinCard[]> => (await q.pinsOf(db, streamId)).map(card);

  /** Told after the change has committed, with the list as it now stands. */
  async function announce(streamId: string): Promise<PinCard[]> {
    const pins = await pinsOf(streamId);
    deps.publish({ type: 'stream.pins', streamId, pins });
    return pins;
  }

  async function hostedShow(host: UserRow, streamId: string) {
    const show = await q.findShow(db, streamId, dialect);
    if (!show) throw new DomainError('NOT_FOUND', MSG.streamNotFound);
    if (show.host_id !== host.id) throw new DomainError('FORBIDDEN', MSG.notStreamHost);
    return show;
  }

  return {
    pinsOf,

    /** The host pins one of their shop's products, while the show is scheduled or live. */
    async pin(host: UserRow, streamId: string, input: PinInput): Promise<PinCard> {
      const show = await hostedShow(host, streamId);
      if (show.status === 'ended') throw new DomainError('CONFLICT', MSG.streamNotLive);
      // A flash sale's countdown starts as it is pinned: before the show is live nobody could buy.
      if (input.flashSeconds !== undefined && show.status !== 'live')
        throw new DomainError('CONFLICT', MSG.flashNeedsLive);
      const id = crypto.randomUUID();
      try {
        await db.transaction().execute(async (trx) => {
          await q.findShow(trx, streamId, dialect, true);
          const [product] = await ports.catalog.pricesFor(trx, [input.productId]);
          if (!product) throw new DomainError('NOT_FOUND', MSG.productNotFound);
          if (product.ownerId !== host.id) throw new DomainError('FORBIDDEN', MSG.notProductOwner);
          // On auction (or a lot of a show): selling it here too would sell it twice.
          if (!product.purchasable) throw new DomainError('CONFLICT', MSG.productOnAuction);
          const flash = input.flashSeconds !== undefined;
          if (flash && input.price >= Number(product.price))
            throw new DomainError('VALIDATION_FAILED', MSG.flashPriceNotLower, { price: MSG.flashPriceNotLower });
          const pinned = await q.pinsOf(trx, streamId);
          if (pinned.some((p) => p.product_id === input.productId))
            throw new DomainError('CONFLICT', MSG.alreadyPinned);
          if (pinned.length >= PINS_MAX) throw new DomainError('CONFLICT', MSG.pinsFull);
          await q.insertPin(trx, {
            id,
            stream_id: streamId,
            product_id: input.productId,
            price: input.price,
            stock: input.stock,
            created_at: clock.iso(),
            removed_at: null,
            ...(flash && {
              flash_ends_at: clock.iso(input.flashSeconds! * 1000),
              per_buyer: input.perBuyer ?? 1,
              list_price: Number(product.price),
            }),
          });
        });
      } catch (error) {
        // The same product pinned from a second tab at the same moment: the index stood.
        if (isUniqueViolation(error)) throw new DomainError('CONFLICT', MSG.alreadyPinned);
        throw error;
      }
      return (await announce(streamId)).find((p) => p.id === id)!;
    },

    async unpin(host: UserRow, streamId: string, pinId: string): Promise<void> {
      await hostedShow(host, streamId);
      if (!(await q.removePin(db, streamId, pinId, clock.iso()))) throw new DomainError('NOT_FOUND', MSG.pinNotFound);
      await announce(streamId);
    },

    buy: createPinPurchase(deps, { card, announce }),
  };
}

/** Buy It Now in the live room: every change reaches everyone watching the show. */
export function pinsSocket(): SocketParts {
  return {
    onEvent(event, out) {
      if (event.type !== 'stream.pins') return;
      out.to(streamRoom(event.streamId)).emit('show:pins', { streamId: event.streamId, pins: event.pins });
    },
  };
}
