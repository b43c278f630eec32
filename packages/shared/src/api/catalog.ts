import { z } from 'zod';
import { CONDITIONS } from '../schemas/catalog.js';
import type { FulfilmentStatus } from '../schemas/orders.js';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/*
 * What the API answers, as zod schemas: the server serializes the hot routes' answers from their
 * JSON Schema (fast-json-stringify), and the types below are inferred from the same schemas, so a
 * field added to a type is a field the serializer sends.
 */

export const ImageUrlsSchema = z.object({
  url: z.string(),
  thumb: z.string(),
});
export type ImageUrls = z.infer<typeof ImageUrlsSchema>;

export const UserBriefSchema = z.object({
  id: z.string(),
  username: z.string(),
  profilePic: z.string(),
});
export type UserBrief = z.infer<typeof UserBriefSchema>;

export const ProductSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  price: z.number().int(),
  previousPrice: z.number().int().nullable(),
  rating: z.number(),
  reviewCount: z.number().int(),
  likeCount: z.number().int(),
  image: ImageUrlsSchema,
  ownerId: z.string(),
  isAuction: z.boolean(),
  /** The auction this product is (or was last) on. */
  auctionId: z.string().nullable(),
  createdAt: z.string(),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

/** One page of the shop, a search, a seller's products or someone's likes. */
export const ProductPageSchema = z.object({
  items: z.array(ProductSummarySchema),
  nextCursor: z.string().nullable(),
});

export const ProductDetailSchema = ProductSummarySchema.extend({
  description: z.string(),
  condition: z.enum(CONDITIONS),
  brand: z.string(),
  dimensions: z.string().nullable(),
  weight: z.number(),
  countryOfOrigin: z.string().nullable(),
  keywords: z.array(z.string()),
  images: z.array(ImageUrlsSchema),
  seller: UserBriefSchema,
  likedByMe: z.boolean(),
  reviewedByMe: z.boolean(),
  isOwner: z.boolean(),
  /** Only the seller sees the invoice link. */
  invoiceUrl: z.string().nullable(),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

export interface Review {
  id: string;
  text: string;
  rating: number;
  createdAt: string;
  user: UserBrief;
}

export interface PublicProfile extends UserBrief {
  bio: string;
  contactEmail: string | null;
  postsCount: number;
  followersCount: number;
  followingCount: number;
  createdAt: string;
  isMe: boolean;
  isFollowing: boolean;
}

export interface QuoteLine {
  productId: string;
  title: string;
  image: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
}

/** A bought line: its seller moves it along (placed → confirmed → shipped → delivered). */
export interface OrderLine extends QuoteLine {
  status: FulfilmentStatus;
  statusAt: string | null;
}

export interface Quote {
  lines: QuoteLine[];
  subtotal: number;
  vat: number;
  total: number;
}

export interface Order extends Omit<Quote, 'lines'> {
  lines: OrderLine[];
  id: string;
  status: string;
  paymentMethod: string;
  address: { emirate: string; area: string; street: string; phone: string };
  createdAt: string;
  /** Set for an auction's order; its status is 'awaiting_address' until the winner gives one. */
  auctionId: string | null;
}

export interface Sale {
  /** The order line: what the seller moves along. */
  id: string;
  orderId: string;
  productId: string | null;
  title: string;
  image: string;
  unitPrice: number;
  quantity: number;
  lineTotal: number;
  buyer: UserBrief;
  emirate: string;
  /** Who to deliver to and call for cash on delivery; null until an auction's winner gives an address. */
  delivery: { area: string; street: string; phone: string } | null;
  /** The order's status: 'awaiting_address' until an auction's winner gives one. */
  orderStatus: string;
  status: FulfilmentStatus;
  statusAt: string | null;
  createdAt: string;
}
