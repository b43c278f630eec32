import { SavedSearchCreatedSchema, SavedSearchInputSchema, SavedSearchListSchema } from '../api/saved-searches.js';
import { OkSchema, endpoint, idParams } from './endpoint.js';

const tag = 'Saved searches';
const SavedSearchIdParams = idParams("The saved search's id.");

/** Saved searches and their alerts (issue 32): a person's own, in My Account. */
export const savedSearches = {
  list: endpoint({
    method: 'GET',
    path: '/api/saved-searches',
    summary: 'My saved searches, newest first',
    description: 'My saved searches, newest first, and the most I may keep (`limit`, 50).',
    tag,
    access: 'user',
    responses: { 200: SavedSearchListSchema },
    errors: ['UNAUTHENTICATED'],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/saved-searches',
    summary: 'Save a search: new listings that match it ring the bell and come in a daily email',
    description:
      'Saves a search: words, a category or both, an optional maximum price in fils, and whether only auctions and shows count. Each new listing that matches rings my bell, and the matches come together in one email at most once a day (by default). Saving the same search again answers the one kept, with 200 and `created: false`; a 51st search is 409 `CONFLICT`.',
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
    description:
      "Deletes one of my saved searches; no alerts come from it after. Someone else's, or one that does not exist, is 404.",
    tag,
    access: 'verified',
    openWhileSuspended: 'own',
    params: SavedSearchIdParams,
    responses: { 200: OkSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'NOT_FOUND'],
  }),
};
