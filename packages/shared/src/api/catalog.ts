import { z } from 'zod';
import { DeliveryAddressSchema } from '../schemas/addresses.js';
import { CONDITIONS } from '../schemas/catalog.js';
import { FULFILMENT_STATUSES } from '../schemas/orders.js';
import { InvoiceRefSchema } from '../schemas/tax.js';
import { Fils, Timestamp, Whole } from './scalars.js';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** One page of any list: its items and the cursor of the next page (null on the last). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });

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
  /** The seller's Arabic title, shown to Arabic readers when given (issue 29). */
  titleAr: z.string().nullable(),
  category: z.string(),
  price: Fils,
  previousPrice: Fils.nullable(),
  rating: z.number(),
  reviewCount: z.number().int(),
  likeCount: z.number().int(),
  image: ImageUrlsSchema,
  ownerId: z.string(),
  isAuction: z.boolean(),
  /** The auction this product is (or was last) on. */
  auctionId: z.string().nullable(),
  createdAt: Timestamp,
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

/** One page of the shop, a search, a seller's products or someone's likes. */
export const ProductPageSchema = z.object({
  items: z.array(ProductSummarySchema),
  nextCursor: z.string().nullable(),
});

export const ProductDetailSchema = ProductSummarySchema.extend({
  description: z.string(),
  descriptionAr: z.string().nullable(),
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
  /** Hidden by staff (issue 31): only its owner reads the page then, with when and why. */
  hidden: z.object({ at: Timestamp, reason: z.string() }).nullable(),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

export const ReviewEntrySchema = z.object({
  id: z.string(),
  text: z.string(),
  rating: Whole,
  createdAt: Timestamp,
  user: UserBriefSchema,
});
export type Review = z.infer<typeof ReviewEntrySchema>;

export const PublicProfileSchema = UserBriefSchema.extend({
  bio: z.string(),
  contactEmail: z.string().nullable(),
  postsCount: Whole,
  followersCount: Whole,
  followingCount: Whole,
  createdAt: Timestamp,
  isMe: z.boolean(),
  isFollowing: z.boolean(),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

export const QuoteLineSchema = z.object({
  productId: z.string(),
  title: z.string(),
  image: z.string(),
  unitPrice: Fils,
  quantity: Whole,
  lineTotal: Fils,
});
export type QuoteLine = z.infer<typeof QuoteLineSchema>;

/** A bought line: its seller moves it along (placed → confirmed → shipped → delivered). */
export const OrderLineSchema = QuoteLineSchema.extend({
  /** The line itself: what the buyer cancels when late, rates the seller of, or opens a problem on (issue 31). */
  id: z.string(),
  sellerId: z.string(),
  status: z.enum(FULFILMENT_STATUSES),
  /** The seller ships by then (SHIP_WITHIN_HOURS after the address was given); null until it is. */
  shipBy: z.string().nullable(),
  /** Past shipBy and not shipped: the buyer may cancel it. */
  late: z.boolean(),
  statusAt: Timestamp.nullable(),
  /** The auction (a timed auction or a show's lot) this line was won at; null for a bought line. */
  auctionId: z.string().nullable(),
  /** A show lot's sale clip (as ClipSchema in api/live.ts, which imports this file), if the host kept one. */
  clip: z.object({ url: z.string(), durationMs: Whole, mimeType: z.string() }).nullable(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

export const QuoteAnswerSchema = z.object({
  lines: z.array(QuoteLineSchema),
  subtotal: Fils,
  vat: Fils,
  total: Fils,
});
export type Quote = z.infer<typeof QuoteAnswerSchema>;

export const OrderSchema = QuoteAnswerSchema.extend({
  lines: z.array(OrderLineSchema),
  id: z.string(),
  status: z.string(),
  paymentMethod: z.string(),
  address: DeliveryAddressSchema,
  createdAt: Timestamp,
  /** Set for an auction's order; its status is 'awaiting_address' until the winner gives one. */
  auctionId: z.string().nullable(),
  /** A won order's deadline for the address (issue 31); past it the order is cancelled as unpaid. */
  completeBy: z.string().nullable(),
  /** Why a cancelled order was cancelled: 'unpaid' or 'buyer_asked'; null otherwise. */
  cancelReason: z.string().nullable(),
  /** The buyer has asked the seller to cancel and the seller has not answered yet. */
  cancelAsked: z.boolean(),
  /** Every seller's invoice for this order and any credit notes (issue 32), oldest first. */
  documents: z.array(InvoiceRefSchema),
});
export type Order = z.infer<typeof OrderSchema>;

export const SaleSchema = z.object({
  /** The order line: what the seller moves along. */
  id: z.string(),
  orderId: z.string(),
  productId: z.string().nullable(),
  title: z.string(),
  image: z.string(),
  unitPrice: Fils,
  quantity: Whole,
  lineTotal: Fils,
  buyer: UserBriefSchema,
  emirate: z.string(),
  /** Who to deliver to and call for cash on delivery; null until an auction's winner gives an address. */
  delivery: DeliveryAddressSchema.omit({ emirate: true })
    .extend({
      phoneE164: z
        .string()
        .nullable()
        .meta({ description: 'The mobile in E.164, to call; null on orders placed before it was kept.' }),
    })
    .nullable(),
  /** The order's status: 'awaiting_address' until an auction's winner gives one. */
  orderStatus: z.string(),
  status: z.enum(FULFILMENT_STATUSES),
  statusAt: Timestamp.nullable(),
  /** As on the buyer's line (issue 31): the seller's deadline, and whether it passed unshipped. */
  shipBy: z.string().nullable(),
  late: z.boolean(),
  createdAt: Timestamp,
  /** The auction (or show lot) the line was won at; null for a bought line. */
  auctionId: z.string().nullable(),
  /** A show lot's sale clip, if the host kept one. */
  clip: OrderLineSchema.shape.clip,
  /** The winner's deadline for the address (issue 31); null for a cart order. */
  completeBy: z.string().nullable(),
  /** The buyer asks the seller to cancel (changed mind); the seller agrees or declines. */
  cancelAsked: z.boolean(),
  /** This seller's invoice for the order and any credit notes (issue 32), oldest first. */
  documents: z.array(InvoiceRefSchema),
});
export type Sale = z.infer<typeof SaleSchema>;
