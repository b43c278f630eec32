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
import { endpoint, idParams } from './endpoint.js';

const tag = 'Dashboard';
const AuctionIdParams = idParams('The id of one of my auctions.');

/**
 * The seller's dashboard (issue 32, ADR 0043): one endpoint per chart, each the caller's own
 * figures (no seller in the path, so nobody asks for another's).
 */
export const dashboard = {
  sales: endpoint({
    method: 'GET',
    path: '/api/me/dashboard/sales',
    summary: 'My orders and revenue (before VAT, cancelled left out) per Gulf day, week or month',
    description:
      'My sales per bucket, oldest first with every bucket present: how many orders had lines of mine and what those lines came to in fils before VAT, cancelled lines left out. `by` picks the buckets: the last 30 Gulf days, the last 12 weeks (Monday to Sunday) or the last 12 calendar months, each bucket named by its first Gulf day.',
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
    description:
      'How many orders with lines of mine stand at each status: awaiting address, placed, confirmed, shipped, delivered and cancelled, every status listed with zeros included. An order whose lines of mine stand at two statuses counts under each.',
    tag,
    access: 'user',
    responses: { 200: OrdersByStatusSchema },
    errors: ['UNAUTHENTICATED'],
  }),
  topProducts: endpoint({
    method: 'GET',
    path: '/api/me/dashboard/top-products',
    summary: 'My ten best products by views (30 days), likes or units sold',
    description:
      'My ten best products, best first, by page views over the last 30 days, by likes, or by units sold (both of all time); products with none are left out.',
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
    description:
      'My ended auctions, timed ones and show lots alike (cancelled ones left out): how many ended and how many sold, and the latest 20 with their starting bid, final bid (null without bids) and number of bids.',
    tag,
    access: 'user',
    responses: { 200: AuctionsSummarySchema },
    errors: ['UNAUTHENTICATED'],
  }),
  auctionBids: endpoint({
    method: 'GET',
    path: '/api/me/dashboard/auctions/:id/bids',
    summary: 'The bids on one of my auctions over time',
    description:
      "The bids on one of my auctions over time, in the order they were placed (time and amount, at most the first 1,000), with its title and starting bid, for a chart. Another seller's auction is 404, as is one that does not exist.",
    tag,
    access: 'user',
    params: AuctionIdParams,
    responses: { 200: AuctionBidsSchema },
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  }),
  shows: endpoint({
    method: 'GET',
    path: '/api/me/dashboard/shows',
    summary: 'My live shows: peak viewers, lots sold and takings per show',
    description:
      "My latest 12 shows, live or ended, newest first: peak viewers, lots run, lots sold and takings in fils (my lines in the show's orders, lots won and Buy It Now, not cancelled, before VAT).",
    tag,
    access: 'user',
    responses: { 200: ShowsSummarySchema },
    errors: ['UNAUTHENTICATED'],
  }),
};
