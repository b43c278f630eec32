import type { AuctionSummary } from './auctions.js';
import type { ImageUrls, ProductSummary, UserBrief } from './catalog.js';

/** One full-screen item of the For You feed: a product to buy or an open auction to bid on. */
export type FeedItem =
  | {
      kind: 'product';
      id: string;
      product: ProductSummary;
      images: ImageUrls[];
      seller: UserBrief;
      likedByMe: boolean;
      followingSeller: boolean;
    }
  | {
      kind: 'auction';
      id: string;
      auction: AuctionSummary;
      images: ImageUrls[];
      minimumBid: number;
      followingSeller: boolean;
    };

/** A page of one feed session: the order is fixed when the session starts, so paging never repeats or skips. */
export interface FeedPage {
  items: FeedItem[];
  /** Index of the first item of this page within the session. */
  offset: number;
  total: number;
  nextCursor: string | null;
}
