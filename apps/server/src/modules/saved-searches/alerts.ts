import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { MailLater } from '../../lib/mail-later.js';
import type { AccountsPort } from '../accounts/port.js';
import type { NotificationsPort } from '../notifications/port.js';
import { withAfterCommit } from '../../lib/after-commit.js';
import type { PublishedListing } from '../../lib/listings.js';
import { recipientLocale } from '../../lib/locale.js';
import { digestMail, matchNews } from './emails.js';
import * as q from './queries.js';
import { searchWords } from './words.js';

/** People told of one listing per transaction: a popular search is told in several steps. */
const TELL_BATCH = 200;
/** Digests sent per job run; the next run takes the rest. */
const DIGEST_BATCH = 200;

export interface AlertsDeps {
  db: Kysely<DB>;
  clock: Clock;
  accounts: Pick<AccountsPort, 'contactsOf'>;
  notifications: Pick<NotificationsPort, 'notify'>;
  mailLater: MailLater;
  publicUrl: string;
  /** The least time between two digest mails to one person (config SAVED_SEARCH_DIGEST_HOURS). */
  digestMs: number;
}

/** What a new listing sets off for the people whose searches it matches: a bell now, a digest mail later. */
export function createAlerts(deps: AlertsDeps) {
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
