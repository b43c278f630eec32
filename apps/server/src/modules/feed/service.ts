import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  FEED_PAGE_SIZE,
  feedItemSeller,
  MSG,
  type FeedEvents,
  type FeedItem,
  type FeedItemRef,
  type FeedPage,
  type FeedQuery,
} from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import { keptFor } from '../../lib/kept-for.js';
import { keptReads } from '../../lib/kept-reads.js';
import type { AuctionsPort } from '../auctions/port.js';
import type { CatalogPort } from '../catalog/port.js';
import type { OrdersPort } from '../orders/port.js';
import type { ProfilesPort } from '../profiles/port.js';
import { keptOrders, type FeedOrder } from './kept-orders.js';
import * as q from './queries.js';
import { SIGNAL_WEIGHTS, addSignal, arrange, emptyTaste, score, type Candidate, type Taste } from './ranking.js';

/** One session's fixed order holds this many items; the counter's total. */
const SESSION_ITEMS = 300;
const RECENT = 300;
const DAY = 86_400_000;
/** "New" for the exploration slots. */
const NEW_FOR_MS = 14 * DAY;
/** How long a candidate pool is shared: a new listing reaches others' new sessions within this. */
export const POOLS_KEPT_MS = 5_000;
/** Pools kept: the shared ones, each category's and the sellers people like most. */
const POOLS_KEPT = 2_000;

function encodeCursor(sessionId: string, offset: number): string {
  return Buffer.from(JSON.stringify([sessionId, offset])).toString('base64url');
}

function decodeCursor(cursor: string): { sessionId: string; offset: number } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      typeof value[0] === 'string' &&
      /^[0-9a-f-]{36}$/.test(value[0]) &&
      Number.isSafeInteger(value[1]) &&
      value[1] >= 0
    ) {
      return { sessionId: value[0], offset: value[1] };
    }
  } catch {
    // fall through
  }
  throw new DomainError('VALIDATION_FAILED', MSG.invalidCursor);
}

type ProductPoolRow = { id: string; owner_id: string; category: string; popularity: number; created_at: string };
type AuctionPoolRow = {
  id: string;
  seller_id: string;
  category: string;
  bid_count: number;
  created_at: string;
  ends_at: string;
};

const productCandidate = (p: ProductPoolRow, explore = false): Candidate => ({
  key: `p:${p.id}`,
  kind: 'product',
  sellerId: p.owner_id,
  category: p.category,
  popularity: p.popularity,
  createdAt: Date.parse(p.created_at),
  ...(explore && { explore }),
});

const auctionCandidate = (a: AuctionPoolRow): Candidate => ({
  key: `a:${a.id}`,
  kind: 'auction',
  sellerId: a.seller_id,
  category: a.category,
  popularity: 2 * a.bid_count,
  createdAt: Date.parse(a.created_at),
  endsAt: Date.parse(a.ends_at),
});

interface SharedCards {
  products: Awaited<ReturnType<CatalogPort['feedCards']>>;
  auctions: Awaited<ReturnType<AuctionsPort['feedCards']>>;
}

export interface FeedDeps {
  db: Kysely<DB>;
  /** See ModuleContext: the cards of a page are kept while it is unchanged (SQLite only). */
  dataVersion?: () => string;
  clock: Clock;
  ports: { profiles: ProfilesPort; catalog: CatalogPort; orders: OrdersPort; auctions: AuctionsPort };
}

export type FeedService = ReturnType<typeof createFeedService>;

export function createFeedService(deps: FeedDeps) {
  const { db, clock, ports } = deps;

  /** A person's taste from everything they did, and what they already have (left out of the feed). */
  async function tasteOf(userId: string): Promise<{ taste: Taste; seen: Set<string>; gone: Set<string> }> {
    const [likes, purchases, bids, opens, followed, hidden] = await Promise.all([
      ports.catalog.likedSignals(userId, RECENT),
      ports.orders.purchaseSignals(userId, 100),
      ports.auctions.bidSignals(userId, RECENT),
      q.recentOpens(db, userId, RECENT),
      ports.profiles.followedIds(userId),
      q.hiddenBy(db, userId, RECENT),
    ]);
    const bought = purchases.flatMap((p) => (p.product_id ? [p.product_id] : []));
    const categories = new Map((await ports.catalog.ownersOf(bought)).map((p) => [p.id, p.category]));
    const taste = emptyTaste();
    for (const l of likes) addSignal(taste, { sellerId: l.seller_id, category: l.category }, SIGNAL_WEIGHTS.like);
    for (const p of purchases)
      addSignal(
        taste,
        { sellerId: p.seller_id, category: p.product_id ? (categories.get(p.product_id) ?? null) : null },
        SIGNAL_WEIGHTS.order,
      );
    for (const b of bids) addSignal(taste, { sellerId: b.seller_id, category: b.category }, SIGNAL_WEIGHTS.bid);
    for (const o of opens) addSignal(taste, { sellerId: o.seller_id, category: o.category }, SIGNAL_WEIGHTS.open);
    for (const id of followed) {
      taste.followed.add(id);
      taste.sellers.set(id, (taste.sellers.get(id) ?? 0) + SIGNAL_WEIGHTS.follow);
    }
    for (const h of hidden) {
      taste.hiddenSellers.add(h.seller_id);
      taste.hiddenCategories.set(h.category, (taste.hiddenCategories.get(h.category) ?? 0) + 1);
    }
    // What they liked or opened is not news to them: it comes after what is. What they bought or
    // waved away does not come at all.
    const seen = new Set([...likes.map((l) => `p:${l.product_id}`), ...opens.map((o) => `p:${o.item_id}`)]);
    const gone = new Set([
      ...bought.map((id) => `p:${id}`),
      ...hidden.flatMap((h) => [`p:${h.item_id}`, `a:${h.item_id}`]),
    ]);
    return { taste, seen, gone };
  }

  const top = (weights: Map<string, number>, n: number) =>
    [...weights]
      .filter(([, w]) => w > 0)
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k]) => k);

  /**
   * Candidate pools are the same for everyone (the viewer's own items are dropped afterwards), so
   * one read of a pool serves every feed built within POOLS_KEPT_MS: a busy server reads the
   * popular, fresh and category pools a few times a minute instead of for every new session.
   */
  const pool = keptFor<Candidate[]>(clock, POOLS_KEPT_MS, POOLS_KEPT);
  const productPool = (key: string, opts: Parameters<typeof ports.catalog.feedCandidates>[0], explore = false) =>
    pool(`p:${key}`, async () => (await ports.catalog.feedCandidates(opts)).map((p) => productCandidate(p, explore)));
  const auctionPool = (key: string, opts: Parameters<typeof ports.auctions.feedCandidates>[0]) =>
    pool(`a:${key}`, async () => (await ports.auctions.feedCandidates(opts)).map(auctionCandidate));

  /** Candidates from cheap, indexed pools: popular, fresh, new and little-seen, the person's categories and sellers, auctions ending. */
  async function candidatesFor(viewerId: string | null, taste: Taste): Promise<Candidate[]> {
    const since = clock.iso(-NEW_FOR_MS);
    const categories = top(taste.categories, 4);
    const sellers = top(taste.sellers, 8).filter((s) => s !== viewerId);
    // Later pools win a key: a newcomer keeps its exploration mark.
    const pools = await Promise.all([
      productPool('popular', { limit: 200, order: 'popular' }),
      productPool('fresh', { limit: 100, order: 'fresh' }),
      ...categories.map((category) => productPool(`category:${category}`, { limit: 80, order: 'popular', category })),
      ...sellers.map((ownerId) => productPool(`seller:${ownerId}`, { limit: 30, order: 'fresh', ownerId })),
      productPool('new', { limit: 120, order: 'fresh', since, maxPopularity: 2 }, true),
      auctionPool('ending', { limit: 80 }),
      ...categories.map((category) => auctionPool(`category:${category}`, { limit: 20, category })),
      ...sellers.map((sellerId) => auctionPool(`seller:${sellerId}`, { limit: 10, sellerId })),
    ]);
    const byKey = new Map<string, Candidate>();
    for (const c of pools.flat()) if (c.sellerId !== viewerId) byKey.set(c.key, c);
    return [...byKey.values()];
  }

  /** The order of a new session: ranked for the person (or by popularity and freshness when signed out). */
  async function rank(viewer: Pick<UserRow, 'id'> | null, seed: string): Promise<string[]> {
    const none = new Set<string>();
    const { taste, seen, gone } = viewer ? await tasteOf(viewer.id) : { taste: emptyTaste(), seen: none, gone: none };
    const candidates = (await candidatesFor(viewer?.id ?? null, taste)).filter((c) => !gone.has(c.key));
    const scores = score(candidates, taste, clock.now().getTime());
    const news = arrange(
      candidates.filter((c) => !seen.has(c.key)),
      scores,
      { limit: SESSION_ITEMS, seed },
    );
    // Once the news runs out, what they have seen comes round again rather than an end to the feed
    // (a small shop, or someone who has swiped through it all).
    const again = arrange(
      candidates.filter((c) => seen.has(c.key)),
      scores,
      { limit: SESSION_ITEMS - news.length, seed },
    );
    return [...news, ...again].map((c) => c.key);
  }

  /** A new order, stored as the session its pages are read from. */
  async function buildOrder(viewer: Pick<UserRow, 'id'> | null): Promise<FeedOrder> {
    const sessionId = crypto.randomUUID();
    const keys = await rank(viewer, sessionId);
    await q.insertSession(db, {
      id: sessionId,
      user_id: viewer?.id ?? null,
      items: JSON.stringify(keys),
      created_at: clock.iso(),
    });
    return { sessionId, keys };
  }
  const orders = keptOrders(clock, buildOrder);

  /**
   * The cards of a page of items, the same for every reader: read once and given out again while
   * nothing was written since (a page of a kept order is read by everyone who shares it). Auctions
   * that ended are left out when read, so a kept page is also given out only within the second.
   */
  const keptCards = keptReads<SharedCards>(500, deps.dataVersion);
  const sharedCards = (productIds: string[], auctionIds: string[]): Promise<SharedCards> =>
    keptCards(
      `${productIds.join()} ${auctionIds.join()}`,
      String(Math.floor(clock.now().getTime() / 1000)),
      async () => {
        const [products, auctions] = await Promise.all([
          ports.catalog.feedCards(productIds),
          ports.auctions.feedCards(auctionIds),
        ]);
        return { products, auctions };
      },
    );

  /**
   * What of a page is the reader's own (likes, follows): stored data only, so kept while nothing
   * was written, and read once for a reader's requests that arrive together.
   */
  const keptOwn = keptReads<[Set<string>, Set<string>]>(2000, deps.dataVersion);
  const ownOf = (viewer: UserRow, productIds: string[], sellers: string[]) =>
    keptOwn(`${viewer.id} ${productIds.join()} ${sellers.join()}`, '', () =>
      Promise.all([ports.catalog.likedAmong(viewer.id, productIds), ports.profiles.followedAmong(viewer.id, sellers)]),
    );

  async function cards(viewer: UserRow | null, keys: string[]): Promise<FeedItem[]> {
    const productIds = keys.filter((k) => k.startsWith('p:')).map((k) => k.slice(2));
    const auctionIds = keys.filter((k) => k.startsWith('a:')).map((k) => k.slice(2));
    const { products, auctions } = await sharedCards(productIds, auctionIds);
    const sellers = [...new Set([...products.map((p) => p.seller.id), ...auctions.map((a) => a.auction.seller.id)])];
    const [liked, following] = viewer
      ? await ownOf(viewer, productIds, sellers)
      : [new Set<string>(), new Set<string>()];
    const byKey = new Map<string, FeedItem>();
    for (const p of products)
      byKey.set(`p:${p.product.id}`, {
        kind: 'product',
        id: p.product.id,
        ...p,
        likedByMe: liked.has(p.product.id),
        followingSeller: following.has(p.seller.id),
      });
    for (const a of auctions)
      byKey.set(`a:${a.auction.id}`, {
        kind: 'auction',
        id: a.auction.id,
        ...a,
        followingSeller: following.has(a.auction.seller.id),
      });
    // In the session's order; an item sold, ended or removed since the session began is left out,
    // and so is the reader's own, which everyone's order (kept-orders.ts) may hold.
    return keys.flatMap((k) => {
      const item = byKey.get(k);
      return item && (!viewer || feedItemSeller(item) !== viewer.id) ? [item] : [];
    });
  }

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
