import { SavedSearchCreatedSchema, SavedSearchInputSchema, SavedSearchListSchema } from '../api/saved-searches.js';
import { IdParams, OkSchema, endpoint } from './endpoint.js';

const tag = 'Saved searches';

/** Saved searches and their alerts (issue 32): a person's own, in My Account. */
export const savedSearches = {
  list: endpoint({
    method: 'GET',
    path: '/api/saved-searches',
    summary: 'My saved searches, newest first',
    tag,
    access: 'user',
    responses: { 200: SavedSearchListSchema },
    errors: ['UNAUTHENTICATED'],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/saved-searches',
    summary: 'Save a search: new listings that match it ring the bell and come in a daily email',
    tag,
    access: 'verified',
    openWhileSuspended: 'own',
    body: SavedSearchInputSchema,
    responses: { 201: SavedSearchCreatedSchema, 200: SavedSearchCreatedSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'CONFLICT'],
    example: { text: 'rolex', category: null, maxPrice: 500000, auctionsOnly: false },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/saved-searches/:id',
    summary: 'Forget one of my saved searches',
    tag,
    access: 'verified',
    openWhileSuspended: 'own',
    params: IdParams,
    responses: { 200: OkSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'NOT_FOUND'],
  }),
};
