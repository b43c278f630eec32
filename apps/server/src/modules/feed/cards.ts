import { feedItemSeller, type FeedItem } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { keptReads } from '../../lib/kept-reads.js';
import type { AuctionsPort } from '../auctions/port.js';
import type { CatalogPort } from '../catalog/port.js';
import type { ProfilesPort } from '../profiles/port.js';

interface SharedCards {
  products: Awaited<ReturnType<CatalogPort['feedCards']>>;
  auctions: Awaited<ReturnType<AuctionsPort['feedCards']>>;
}

export interface CardsDeps {
  /** See ModuleContext: what a page shows is kept while it is unchanged. */
  dataVersion?: () => string;
  clock: Clock;
  ports: {
    catalog: Pick<CatalogPort, 'feedCards' | 'likedAmong'>;
    auctions: Pick<AuctionsPort, 'feedCards'>;
    profiles: Pick<ProfilesPort, 'followedAmong'>;
  };
}

/** The cards of a page of a feed's order, as its reader sees them. */
export function createCards(deps: CardsDeps) {
  const { clock, ports } = deps;

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

  return async function cards(viewer: UserRow | null, keys: string[]): Promise<FeedItem[]> {
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
  };
}
