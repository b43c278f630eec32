import { FeedPageSchema } from '../api/feed.js';
import { FeedEventsSchema, FeedQuerySchema, NotInterestedSchema } from '../schemas/feed.js';
import { OkSchema, endpoint } from './endpoint.js';

const tag = 'Feed';

export const feed = {
  page: endpoint({
    method: 'GET',
    path: '/api/feed',
    summary: 'A page of the For You feed',
    description:
      'A page of 10 items of the For You feed: shop products and running auctions, ranked for the caller from what they liked, bought, bid on, opened and followed (by popularity and freshness for someone signed out). The order is fixed when the first page is read: pass `nextCursor` as `cursor` to page through it with no repeats and no gaps, `total` being its length. Never cached.',
    tag,
    access: 'public',
    query: FeedQuerySchema,
    responses: { 200: FeedPageSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  events: endpoint({
    method: 'POST',
    path: '/api/feed/events',
    summary: 'Items opened (kept only for someone signed in)',
    description:
      'Records which feed items the person opened (at most 50 a call), a signal for ranking their feed; items that no longer exist are skipped. From someone signed out it is accepted and nothing is kept. Answers 204.',
    tag,
    access: 'public',
    body: FeedEventsSchema,
    responses: {},
    other: { 204: { description: 'Recorded (or, signed out, dropped).', contentType: null } },
    errors: ['VALIDATION_FAILED'],
  }),
  notInterested: endpoint({
    method: 'POST',
    path: '/api/feed/not-interested',
    summary: "Show less of this item's seller and category",
    description:
      'Takes an item out of my feed and ranks its seller and category lower for me; my next first page already shows it. An item that does not exist is 404.',
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    body: NotInterestedSchema,
    responses: { 200: OkSchema },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
  }),
};
