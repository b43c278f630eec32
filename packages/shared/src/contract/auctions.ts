import { z } from 'zod';
import {
  AuctionDetailSchema,
  AuctionSummarySchema,
  BidEntrySchema,
  BidResultSchema,
  ServerTimeSchema,
} from '../api/auctions.js';
import { pageOf } from '../api/catalog.js';
import { AuctionListQuerySchema, BidSchema, StartAuctionSchema } from '../schemas/auctions.js';
import { PageQuerySchema } from '../schemas/catalog.js';
import { OkSchema, endpoint, idParams, idempotencyHeader } from './endpoint.js';

const tag = 'Auctions';
const AuctionIdParams = idParams("The auction's id.");
const SellerIdParams = idParams("The seller's user id.");
const ProductIdParams = idParams('The id of the product to put up for auction.');

export const auctions = {
  time: endpoint({
    method: 'GET',
    path: '/api/time',
    summary: "The server's clock",
    description:
      "The server's current time as an ISO 8601 UTC string, never cached, so a client can correct its own clock before counting down to an auction's end.",
    tag,
    access: 'public',
    responses: { 200: ServerTimeSchema },
    errors: [],
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/auctions',
    summary: 'Open auctions, a page at a time',
    description:
      "Open timed auctions (a show's lots are not listed, nor auctions hidden by staff), optionally of one category, sorted as asked: ending soonest by default. Paged by cursor, `limit` a page; a cursor only works with the sort it came from.",
    tag,
    access: 'public',
    query: AuctionListQuerySchema,
    responses: { 200: pageOf(AuctionSummarySchema) },
    errors: ['VALIDATION_FAILED'],
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/auctions/:id',
    summary: 'An auction',
    description:
      "An auction: its live state (current bid, leader, bid count, end), photos, description, closing style and whether it has a reserve, with the caller's own part: their maximum bid, whether they lead, the order of a sold auction (its seller and winner only), any second-chance offer, and whether the seller may cancel or relist it. An auction hidden by staff is 404 to everyone but its seller, who sees why; never cached.",
    tag,
    access: 'public',
    params: AuctionIdParams,
    responses: { 200: AuctionDetailSchema },
    errors: ['NOT_FOUND'],
  }),
  bids: endpoint({
    method: 'GET',
    path: '/api/auctions/:id/bids',
    summary: "An auction's bids, newest first",
    description:
      "An auction's bids, newest first, 25 a page, each with its bidder, its amount in fils and whether the server placed it for someone's maximum bid (`auto`). Pass the answer's `nextCursor` as `cursor` for the next page.",
    tag,
    access: 'public',
    params: AuctionIdParams,
    query: PageQuerySchema,
    responses: { 200: pageOf(BidEntrySchema) },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  bySeller: endpoint({
    method: 'GET',
    path: '/api/users/:id/auctions',
    summary: "A seller's auctions",
    description:
      "A seller's auctions, open ones first and then newest first, 24 a page; a show's lots still waiting to run are left out. Pass the answer's `nextCursor` as `cursor` for the next page.",
    tag,
    access: 'public',
    params: SellerIdParams,
    query: PageQuerySchema,
    responses: { 200: pageOf(AuctionSummarySchema) },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  start: endpoint({
    method: 'POST',
    path: '/api/products/:id/auction',
    summary: 'Move a product to auction',
    description:
      "The product's owner puts it up for auction with a starting bid in fils, a length (a preset `duration`, or `custom` with `endsAt`), an optional reserve (at least the starting bid) and a closing style: `soft` (the default) moves the end to 2 minutes after any bid in the last 2 minutes, `sudden` does not. The product leaves the shop while the auction runs; one already on auction is 409 `CONFLICT` unless its last auction ended unsold or its sale was lost to an unpaid or cancelled order. Answers the new auction's id, and saved searches that match it are told.",
    tag,
    access: 'verified',
    params: ProductIdParams,
    body: StartAuctionSchema,
    responses: { 201: z.object({ id: z.string() }) },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
    example: { startingBid: 10000, duration: '1d', closingStyle: 'soft' },
  }),
  placeBid: endpoint({
    method: 'POST',
    path: '/api/auctions/:id/bids',
    summary: 'Bid (optionally with a maximum the server bids up to)',
    description:
      "Bids `amount` fils (at least the next minimum) on an open auction, optionally with a `maxAmount` up to which the server bids for you against others; on a soft-closing auction a bid in its last 2 minutes (10 seconds for a show's lot) moves the end that far from then. With an `Idempotency-Key` header a retry is answered with the first result instead of bidding twice (the same key with another amount is 422 `IDEMPOTENCY_KEY_REUSED`). The seller cannot bid on their own auction, a bidder suspended for unpaid wins is refused (403), and bids are rate-limited per bidder (429 `RATE_LIMITED`).",
    tag,
    access: 'verified',
    params: AuctionIdParams,
    headers: idempotencyHeader('bids'),
    body: BidSchema,
    responses: { 201: BidResultSchema },
    errors: [
      'UNAUTHENTICATED',
      'EMAIL_NOT_VERIFIED',
      'VALIDATION_FAILED',
      'FORBIDDEN',
      'NOT_FOUND',
      'CONFLICT',
      'IDEMPOTENCY_KEY_REUSED',
      'RATE_LIMITED',
    ],
    example: { amount: 12500, maxAmount: 20000 },
    answerExample: {
      auction: {
        id: '0195f2a4-9d2f-7a1c-8b3e-4c5d6e7f8091',
        seq: 7,
        currentBid: 12500,
        bidCount: 4,
        minimumBid: 13000,
        endsAt: '2026-11-30T18:00:00.000Z',
        status: 'open',
        leader: { id: '0195f2a4-8c1e-7d3b-9a6f-2b4c6d8e0f12', username: 'amira', profilePic: '/avatars/default.svg' },
        reserveMet: true,
      },
      leading: true,
      myMaxBid: 20000,
      message: 'Your bid is in. You are the highest bidder.',
    },
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/auctions/:id/cancel',
    summary: 'Cancel an auction without bids',
    description:
      'The seller withdraws an open auction that has no bids yet, and its product goes back to the shop at its fixed price. An auction with bids, or no longer open, is 409 `CONFLICT`.',
    tag,
    access: 'verified',
    openWhileSuspended: 'withdraw',
    params: AuctionIdParams,
    responses: { 200: OkSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  relist: endpoint({
    method: 'POST',
    path: '/api/auctions/:id/relist',
    summary: 'Put an unsold auction back on sale at a fixed price',
    description:
      "The seller puts the product of an auction that ended unsold back in the shop at its fixed price; so too after a sale lost to an unpaid or cancelled order, with no second-chance offer open or accepted. Answers the product's id; anything else is 409 `CONFLICT`.",
    tag,
    access: 'verified',
    params: AuctionIdParams,
    responses: { 200: z.object({ productId: z.string() }) },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
};
