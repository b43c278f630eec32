import { z } from 'zod';
import { CATEGORIES } from '../categories.js';
import { MSG } from '../messages.js';
import { MAX_FILS } from '../schemas/catalog.js';
import { plainText } from '../text.js';
import { Timestamp } from './scalars.js';

/** How many searches one person may keep (issue 32): alerts stay news, not noise. */
export const SAVED_SEARCH_LIMIT = 50;

/**
 * POST /api/saved-searches: what the search page or the auction list shows now. Words, a category,
 * or both (a search of nothing would match everything); the ceiling in fils, as every amount.
 */
export const SavedSearchInputSchema = z
  .object({
    text: plainText({
      required: MSG.searchInvalid,
      min: [0, MSG.searchInvalid],
      max: [100, MSG.searchTooLong],
      invalid: MSG.searchInvalid,
    }).default(''),
    category: z.enum(CATEGORIES, { error: MSG.selectCategory }).nullable().default(null),
    maxPrice: z
      .number({ error: MSG.savedSearchPrice })
      .int(MSG.savedSearchPrice)
      .positive(MSG.savedSearchPrice)
      .max(MAX_FILS, MSG.priceTooLarge)
      .nullable()
      .default(null),
    auctionsOnly: z.boolean({ error: MSG.savedSearchInvalid }).default(false),
  })
  .refine((v) => v.text !== '' || v.category !== null, { message: MSG.savedSearchEmpty, path: ['text'] });
export type SavedSearchInput = z.output<typeof SavedSearchInputSchema>;

export const SavedSearchSchema = z.object({
  id: z.string(),
  text: z.string(),
  category: z.enum(CATEGORIES).nullable(),
  maxPrice: z.number().int().nullable(),
  auctionsOnly: z.boolean(),
  createdAt: Timestamp,
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;

export const SavedSearchListSchema = z.object({ items: z.array(SavedSearchSchema), limit: z.number().int() });
export type SavedSearchList = z.infer<typeof SavedSearchListSchema>;

/** The same search saved again answers with the one already kept (`created: false`). */
export const SavedSearchCreatedSchema = z.object({ search: SavedSearchSchema, created: z.boolean() });
export type SavedSearchCreated = z.infer<typeof SavedSearchCreatedSchema>;
