import type { Kysely } from 'kysely';
import { FEED_PAGE_SIZE, MSG, type FeedEvents, type FeedItemRef, type FeedPage, type FeedQuery } from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { AuctionsPort } from '../auctions/port.js';
import type { CatalogPort } from '../catalog/port.js';
import type { OrdersPort } from '../orders/port.js';
import type { ProfilesPort } from '../profiles/port.js';
import { createCards } from './cards.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { keptOrders } from './kept-orders.js';
import { createOrderBuilder } from './new-order.js';
import * as q from './queries.js';

const DAY = 86_400_000;

export interface FeedDeps {
  db: Kysely<DB>;
  /** See ModuleContext: the cards of a page are kept while it is unchanged. */
  dataVersion?: () => string;
  clock: Clock;
  /** Only what the feed asks of each (its parts say which part asks what). */
  ports: {
    profiles: Pick<ProfilesPort, 'followedIds' | 'followedAmong'>;
    catalog: Pick<CatalogPort, 'feedCandidates' | 'feedCards' | 'likedAmong' | 'likedSignals' | 'ownersOf'>;
    orders: Pick<OrdersPort, 'purchaseSignals'>;
    auctions: Pick<AuctionsPort, 'bidSignals' | 'feedCandidates' | 'feedCards' | 'ownersOf'>;
  };
}

export type FeedService = ReturnType<typeof createFeedService>;

/** The For You feed: orders built off the request (new-order.ts, kept-orders.ts), read a page at a time. */
export function createFeedService(deps: FeedDeps) {
  const { db, clock, ports } = deps;
  const orders = keptOrders(clock, createOrderBuilder(deps));
  const cards = createCards(deps);

  /** Looks up who sells each item and in which category, so opens and "Not interested" need only the item. */
  async function owners(refs: FeedItemRef[]) {
    const [products, auctions] = await Promise.all([
      ports.catalog.ownersOf(refs.filter((r) => r.kind === 'product').map((r) => r.id)),
      ports.auctions.ownersOf(refs.filter((r) => r.kind === 'auction').map((r) => r.id)),
    ]);
    return [
      ...products.map((p) => ({ kind: 'product' as const, id: p.id, sellerId: p.owner_id, category: p.category })),
      ...auctions.map((a) => ({ kind: 'auction' as const, id: a.id, sellerId: a.seller_id, category: a.category })),
    ];
  }

  return {
    /** Resolves once the orders being built in the background are built. */
    ordersBuilt: () => orders.settled(),
    /**
     * What a reader's first page follows from besides stored data, for keeping it
     * (http/reader-answers.ts): the second (auctions that end are left out as they are read) and
     * their own order. Undefined while that is not built or is due for its refresh, so that the
     * first page, which starts the build, is not kept.
     */
    pageStamp(viewer: UserRow): string | undefined {
      const order = orders.fresh(viewer);
      return order && `${Math.floor(clock.now().getTime() / 1000)} ${order.sessionId}`;
    },
    /** Builds the person's order now, as their signals have it (their next first page reads it). */
    refreshOrder: (viewer: Pick<UserRow, 'id'>) => orders.rebuild(viewer),

    /**
     * A page of the feed. The first page is a kept order (the person's, or everyone's until theirs
     * is built: kept-orders.ts); later pages read that order's session by cursor, so a person
     * paging never sees an item twice or misses one. Everyone's order holds nothing of anyone's
     * own, so anyone may page through it; a person's own is theirs alone.
     */
    async page(viewer: UserRow | null, { cursor }: FeedQuery): Promise<FeedPage> {
      let sessionId: string;
      let offset = 0;
      let keys: string[];
      if (cursor) {
        ({ sessionId, offset } = decodeCursor(cursor));
        const session = await q.findSession(db, sessionId);
        if (!session || (session.user_id !== null && session.user_id !== viewer?.id))
          throw new DomainError('VALIDATION_FAILED', MSG.invalidCursor);
        keys = JSON.parse(session.items) as string[];
      } else ({ sessionId, keys } = await orders.first(viewer));
      const slice = keys.slice(offset, offset + FEED_PAGE_SIZE);
      const next = offset + FEED_PAGE_SIZE;
      const items = await cards(viewer, slice);
      return {
        items,
        offset,
        total: keys.length,
        nextCursor: next < keys.length ? encodeCursor(sessionId, next) : null,
      };
    },

    /** Item opens from the browser, in batches; a signal of taste, stored cheaply. */
    async recordOpens(viewer: UserRow, { opened }: FeedEvents): Promise<void> {
      const now = clock.iso();
      const known = await owners(opened);
      await q.insertOpens(
        db,
        known.map((o) => ({
          user_id: viewer.id,
          item_kind: o.kind,
          item_id: o.id,
          seller_id: o.sellerId,
          category: o.category,
          created_at: now,
        })),
      );
    },

    /** "Not interested": this item goes, and its seller and category move down for this person. */
    async notInterested(viewer: UserRow, ref: FeedItemRef): Promise<void> {
      const [item] = await owners([ref]);
      if (!item) throw new DomainError('NOT_FOUND', MSG.notFound);
      await q.hide(db, {
        user_id: viewer.id,
        item_id: item.id,
        seller_id: item.sellerId,
        category: item.category,
        created_at: clock.iso(),
      });
      // Their next first page leaves it out, and moves the seller and category down, at once.
      await orders.rebuild(viewer);
    },

    async sweep(): Promise<void> {
      await q.deleteSessionsBefore(db, clock.iso(-DAY));
      await q.deleteOpensBefore(db, clock.iso(-180 * DAY));
    },
  };
}
