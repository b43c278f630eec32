import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
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
import { withAfterCommit } from '../../lib/after-commit.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { PublishedListing } from '../../lib/listings.js';
import { recipientLocale } from '../../lib/locale.js';
import type { MailLater } from '../../lib/mail-later.js';
import type { AccountsPort } from '../accounts/port.js';
import type { NotificationsPort } from '../notifications/port.js';
import { digestMail, matchNews } from './emails.js';
import * as q from './queries.js';
import { searchWords } from './words.js';

export interface SavedSearchesDeps {
  db: Kysely<DB>;
  dialect: DialectName;
  clock: Clock;
  accounts: Pick<AccountsPort, 'contactsOf'>;
  notifications: Pick<NotificationsPort, 'notify'>;
  mailLater: MailLater;
  publicUrl: string;
  /** The least time between two digest mails to one person (config SAVED_SEARCH_DIGEST_HOURS). */
  digestMs: number;
}

/** People told of one listing per transaction: a popular search is told in several steps. */
const TELL_BATCH = 200;
/** Digests sent per job run; the next run takes the rest. */
const DIGEST_BATCH = 200;

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

  /** One batch of people told of one listing, in one transaction: a hit each, and a bell for each new hit. */
  async function tell(listing: PublishedListing, userIds: string[]): Promise<void> {
    const contacts = await deps.accounts.contactsOf(db, userIds);
    const locales = new Map(contacts.map((c) => [c.id, recipientLocale(c.locale)]));
    await withAfterCommit((onCommit) =>
      db.transaction().execute(async (trx) => {
        const at = clock.iso();
        const stored = await q.insertHits(
          trx,
          userIds.map((userId) => ({
            id: crypto.randomUUID(),
            user_id: userId,
            listing_kind: listing.kind,
            listing_id: listing.id,
            title: listing.title,
            link: listing.link,
            created_at: at,
            mailed_at: null,
          })),
        );
        await deps.notifications.notify(
          trx,
          onCommit,
          stored.map(({ user_id }) => ({
            userId: user_id,
            kind: 'saved_search' as const,
            subject: listing.id,
            ...matchNews(locales.get(user_id) ?? 'en', listing.title),
            link: listing.link,
          })),
        );
      }),
    );
  }

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

    /**
     * After a listing was published (its commit done, the lister already answered): everyone
     * with a search it matches gets one bell for it; the daily digest mails them later.
     */
    async onPublished(listing: PublishedListing): Promise<void> {
      const people = await q.matchingPeople(db, {
        words: searchWords(...listing.texts),
        category: listing.category,
        price: listing.price,
        isAuction: listing.kind !== 'product',
        sellerId: listing.sellerId,
      });
      for (let i = 0; i < people.length; i += TELL_BATCH) await tell(listing, people.slice(i, i + TELL_BATCH));
    },

    /** Mailed hits older than 90 days go, as read notifications do. */
    async sweep(): Promise<void> {
      await q.deleteMailedBefore(db, clock.iso(-90 * 86_400_000));
    },

    /**
     * The digest job's one run: each person with news who was not mailed within the period gets
     * one mail of everything new since. Claimed per person by a conditional upsert, so several
     * instances may run it and each person is mailed once.
     */
    async sendDigests(): Promise<void> {
      const now = clock.iso();
      const cutoff = clock.iso(-deps.digestMs);
      const due = await q.peopleDue(db, cutoff, DIGEST_BATCH);
      if (!due.length) return;
      const contacts = new Map(
        (
          await deps.accounts.contactsOf(
            db,
            due.map((d) => d.user_id),
          )
        ).map((c) => [c.id, c]),
      );
      for (const { user_id } of due) {
        const contact = contacts.get(user_id);
        if (!contact) continue;
        await withAfterCommit((onCommit) =>
          db.transaction().execute(async (trx) => {
            if (!(await q.claimDigest(trx, user_id, now, cutoff))) return;
            const hits = await q.takeUnmailed(trx, user_id, now);
            if (!hits.length) return;
            hits.sort((a, b) => a.created_at.localeCompare(b.created_at));
            deps.mailLater(
              onCommit,
              digestMail(
                deps.publicUrl,
                contact.email,
                contact.username,
                hits.map((h) => h.title),
                recipientLocale(contact.locale),
              ),
            );
          }),
        );
      }
    },
  };
}
