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
import { IdParams, OkSchema, endpoint } from './endpoint.js';

const tag = 'Auctions';

export const auctions = {
  time: endpoint({
    method: 'GET',
    path: '/api/time',
    summary: "The server's clock",
    tag,
    access: 'public',
    responses: { 200: ServerTimeSchema },
    errors: [],
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/auctions',
    summary: 'Open auctions, a page at a time',
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
    tag,
    access: 'public',
    params: IdParams,
    responses: { 200: AuctionDetailSchema },
    errors: ['NOT_FOUND'],
  }),
  bids: endpoint({
    method: 'GET',
    path: '/api/auctions/:id/bids',
    summary: "An auction's bids, newest first",
    tag,
    access: 'public',
    params: IdParams,
    query: PageQuerySchema,
    responses: { 200: pageOf(BidEntrySchema) },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  bySeller: endpoint({
    method: 'GET',
    path: '/api/users/:id/auctions',
    summary: "A seller's auctions",
    tag,
    access: 'public',
    params: IdParams,
    query: PageQuerySchema,
    responses: { 200: pageOf(AuctionSummarySchema) },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  start: endpoint({
    method: 'POST',
    path: '/api/products/:id/auction',
    summary: 'Move a product to auction',
    tag,
    access: 'verified',
    params: IdParams,
    body: StartAuctionSchema,
    responses: { 201: z.object({ id: z.string() }) },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
    example: { startingBid: 10000, duration: '24h', closingStyle: 'soft' },
  }),
  placeBid: endpoint({
    method: 'POST',
    path: '/api/auctions/:id/bids',
    summary: 'Bid (optionally with a maximum the server bids up to)',
    tag,
    access: 'verified',
    params: IdParams,
    headers: z.object({
      'idempotency-key': z.string().optional().meta({
        description:
          'The client\'s name for this attempt (8–64 of A–Z, a–z, 0–9, "_", "-"): a retry with it bids once.',
      }),
    }),
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
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/auctions/:id/cancel',
    summary: 'Cancel an auction without bids',
    tag,
    access: 'verified',
    openWhileSuspended: 'withdraw',
    params: IdParams,
    responses: { 200: OkSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  relist: endpoint({
    method: 'POST',
    path: '/api/auctions/:id/relist',
    summary: 'Put an unsold auction back on sale at a fixed price',
    tag,
    access: 'verified',
    params: IdParams,
    responses: { 200: z.object({ productId: z.string() }) },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
};
