import { z } from 'zod';
import { AuctionSummarySchema } from './auctions.js';
import { ImageUrlsSchema, ProductSummarySchema, UserBriefSchema } from './catalog.js';
import { Fils, Whole } from './scalars.js';

/** One full-screen item of the For You feed: a product to buy or an open auction to bid on. */
export const FeedItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('product'),
    id: z.string(),
    product: ProductSummarySchema,
    images: z.array(ImageUrlsSchema),
    seller: UserBriefSchema,
    likedByMe: z.boolean(),
    followingSeller: z.boolean(),
  }),
  z.object({
    kind: z.literal('auction'),
    id: z.string(),
    auction: AuctionSummarySchema,
    images: z.array(ImageUrlsSchema),
    minimumBid: Fils,
    followingSeller: z.boolean(),
  }),
]);
export type FeedItem = z.infer<typeof FeedItemSchema>;

/** Who sells a feed item: the product's seller, or the auction's. */
export const feedItemSeller = (item: FeedItem): string =>
  item.kind === 'product' ? item.seller.id : item.auction.seller.id;

/** A page of one feed session: the order is fixed when the session starts, so paging never repeats or skips. */
export const FeedPageSchema = z.object({
  items: z.array(FeedItemSchema),
  /** Index of the first item of this page within the session. */
  offset: Whole,
  total: Whole,
  nextCursor: z.string().nullable(),
});
export type FeedPage = z.infer<typeof FeedPageSchema>;
