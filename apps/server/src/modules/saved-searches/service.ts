import crypto from 'node:crypto';
import {
  MSG,
  SAVED_SEARCH_LIMIT,
  type Category,
  type SavedSearch,
  type SavedSearchCreated,
  type SavedSearchInput,
  type SavedSearchList,
} from '@souq/shared';
import type { DialectName } from '../../db/database.js';
import type { DB, UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { createAlerts, type AlertsDeps } from './alerts.js';
import * as q from './queries.js';
import { searchWords } from './words.js';

export interface SavedSearchesDeps extends AlertsDeps {
  dialect: DialectName;
}

const toSearch = (row: DB['saved_searches']): SavedSearch => ({
  id: row.id,
  text: row.text,
  category: row.category as Category | null,
  maxPrice: row.max_price === null ? null : Number(row.max_price),
  auctionsOnly: row.auctions_only === 1,
  createdAt: row.created_at,
});

/**
 * The same search, however it was typed: its folded words in order, and its filters. Two saves
 * of "Gold ROLEX" and "rolex gold" are one search.
 */
const keyOf = (words: string[], input: SavedSearchInput) =>
  [words.join(' '), input.category ?? '', input.maxPrice ?? '', input.auctionsOnly ? 1 : 0].join('|');

export type SavedSearchesService = ReturnType<typeof createSavedSearchesService>;

/** Saved searches, and the alerts a new listing sets off (issue 32, ADR 0040). */
export function createSavedSearchesService(deps: SavedSearchesDeps) {
  const { db, clock } = deps;

  const alerts = createAlerts(deps);

  return {
    async list(user: UserRow): Promise<SavedSearchList> {
      return { items: (await q.listOf(db, user.id)).map(toSearch), limit: SAVED_SEARCH_LIMIT };
    },

    /** Saving the same search again answers with the one kept (`created: false`); the 51st is refused. */
    async create(user: UserRow, input: SavedSearchInput): Promise<SavedSearchCreated> {
      const words = searchWords(input.text);
      // Text of nothing but punctuation has no words: with no category it would match everything.
      if (!words.length && input.category === null)
        throw new DomainError('VALIDATION_FAILED', MSG.savedSearchEmpty, { text: MSG.savedSearchEmpty });
      const key = keyOf(words, input);
      return db.transaction().execute(async (trx) => {
        await q.lockPerson(trx, deps.dialect, user.id);
        const kept = await q.findByKey(trx, user.id, key);
        if (kept) return { search: toSearch(kept), created: false };
        if ((await q.countOf(trx, user.id)) >= SAVED_SEARCH_LIMIT)
          throw new DomainError('CONFLICT', MSG.savedSearchLimit);
        const row: DB['saved_searches'] = {
          id: crypto.randomUUID(),
          user_id: user.id,
          text: input.text,
          category: input.category,
          max_price: input.maxPrice,
          auctions_only: input.auctionsOnly ? 1 : 0,
          word_count: words.length,
          search_key: key,
          created_at: clock.iso(),
        };
        if (!(await q.insertSearch(trx, row, words))) {
          const raced = await q.findByKey(trx, user.id, key);
          if (raced) return { search: toSearch(raced), created: false };
        }
        return { search: toSearch(row), created: true };
      });
    },

    async remove(user: UserRow, id: string): Promise<void> {
      if (!(await q.deleteSearch(db, user.id, id))) throw new DomainError('NOT_FOUND', MSG.savedSearchNotFound);
    },

    ...alerts,
  };
}
