import {
  AuctionBidsSchema,
  AuctionsSummarySchema,
  OrdersByStatusSchema,
  SalesQuerySchema,
  SalesSchema,
  ShowsSummarySchema,
  TopProductsQuerySchema,
  TopProductsSchema,
} from '../api/dashboard.js';
import { IdParams, endpoint } from './endpoint.js';

const tag = 'Dashboard';

/**
 * The seller's dashboard (issue 32, ADR 0043): one endpoint per chart, each the caller's own
 * figures (no seller in the path, so nobody asks for another's).
 */
export const dashboard = {
  sales: endpoint({
    method: 'GET',
    path: '/api/me/dashboard/sales',
    summary: 'My orders and revenue (before VAT, cancelled left out) per Gulf day, week or month',
    tag,
    access: 'user',
    query: SalesQuerySchema,
    responses: { 200: SalesSchema },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
  }),
  ordersByStatus: endpoint({
    method: 'GET',
    path: '/api/me/dashboard/orders-by-status',
    summary: 'How many of my orders stand at each status',
    tag,
    access: 'user',
    responses: { 200: OrdersByStatusSchema },
    errors: ['UNAUTHENTICATED'],
  }),
  topProducts: endpoint({
    method: 'GET',
    path: '/api/me/dashboard/top-products',
    summary: 'My ten best products by views (30 days), likes or units sold',
    tag,
    access: 'user',
    query: TopProductsQuerySchema,
    responses: { 200: TopProductsSchema },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED'],
  }),
  auctions: endpoint({
    method: 'GET',
    path: '/api/me/dashboard/auctions',
    summary: 'My ended auctions: how many sold, and the latest ones’ final bid against their starting bid',
    tag,
    access: 'user',
    responses: { 200: AuctionsSummarySchema },
    errors: ['UNAUTHENTICATED'],
  }),
  auctionBids: endpoint({
    method: 'GET',
    path: '/api/me/dashboard/auctions/:id/bids',
    summary: 'The bids on one of my auctions over time',
    tag,
    access: 'user',
    params: IdParams,
    responses: { 200: AuctionBidsSchema },
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  }),
  shows: endpoint({
    method: 'GET',
    path: '/api/me/dashboard/shows',
    summary: 'My live shows: peak viewers, lots sold and takings per show',
    tag,
    access: 'user',
    responses: { 200: ShowsSummarySchema },
    errors: ['UNAUTHENTICATED'],
  }),
};
