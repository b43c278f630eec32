import { FeedPageSchema } from '../api/feed.js';
import { FeedEventsSchema, FeedQuerySchema, NotInterestedSchema } from '../schemas/feed.js';
import { OkSchema, endpoint } from './endpoint.js';

const tag = 'Feed';

export const feed = {
  page: endpoint({
    method: 'GET',
    path: '/api/feed',
    summary: 'A page of the For You feed',
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
    tag,
    access: 'user',
    openWhileSuspended: 'own',
    body: NotInterestedSchema,
    responses: { 200: OkSchema },
    errors: ['UNAUTHENTICATED', 'VALIDATION_FAILED', 'NOT_FOUND'],
  }),
};
