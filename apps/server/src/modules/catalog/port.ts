import type { UserRow } from '../../db/schema.js';
import type { CatalogService } from './service.js';

/** What later modules may ask of the catalog (ADR 0007). */
export const CATALOG_PORT = [
  // reviews: a review is counted and rated in its own transaction
  'ownerOf',
  'countReview',
  'recomputeRating',
  // reviews (issue 31): a review staff removed is no longer counted
  'uncountReview',
  // orders: checkout's prices, and every order's sales
  'pricesFor',
  'recordSale',
  // auctions: what an auction copies from its product, ties it to, and shows of it
  'forAuction',
  'setAuction',
  'forAuctionPage',
  // feed: candidates, signals and cards
  'feedCandidates',
  'likedSignals',
  'likedAmong',
  'ownersOf',
  'feedCards',
  // reports (issue 31): staff hide and show products; the queue shows the reported ones
  'hideProduct',
  'unhideProduct',
  'reportedProducts',
] as const satisfies ReadonlyArray<keyof CatalogService>;

/** The catalog's slots: what it needs to know from modules after it, each filled as that module is created. */
export interface CatalogSlots {
  /** Auctions: whether a product is on an open auction; it is frozen then, as bidders bid on what they saw. */
  onOpenAuction(answer: (productId: string) => Promise<boolean>): void;
  /** Reviews: whether the viewer has reviewed the product (the product page's `reviewedByMe`). */
  reviewedByMe(answer: (productId: string, viewer: UserRow | null) => Promise<boolean>): void;
}

export type CatalogPort = Pick<CatalogService, (typeof CATALOG_PORT)[number]> & { slots: CatalogSlots };
