import { Migrator, sql, SqliteAdapter, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import { isUniqueViolation } from './database.js';
import * as accounts from './migrations/2026-11-21-001-accounts.js';
import * as catalog from './migrations/2026-11-21-002-catalog.js';
import * as sqliteSearch from './migrations/2026-11-21-003-sqlite-search-index.js';
import * as auctions from './migrations/2026-11-22-004-auctions.js';
import * as liveStreams from './migrations/2026-11-22-005-live-streams.js';
import * as feed from './migrations/2026-11-22-006-feed.js';
import * as contactEmailOptIn from './migrations/2026-11-22-201-contact-email-opt-in.js';
import * as orderRequestHash from './migrations/2026-11-22-202-order-request-hash.js';
import * as fulfilmentStatus from './migrations/2026-11-22-203-fulfilment-status.js';
import * as feedReadIndexes from './migrations/2026-11-24-204-feed-read-indexes.js';
import * as bidderIndexOnMaxima from './migrations/2026-11-25-205-bidder-index-on-maxima.js';
import * as storageKeysNotUrls from './migrations/2026-11-26-206-storage-keys-not-urls.js';
import * as foldedSearchText from './migrations/2026-11-27-207-folded-search-text.js';
import * as userLocale from './migrations/2026-11-27-208-user-locale.js';
import * as arabicListing from './migrations/2026-11-27-209-arabic-listing.js';
import * as liveShows from './migrations/2026-11-27-210-live-shows.js';
import * as staff from './migrations/2026-11-27-211-staff.js';
import * as unpaidWins from './migrations/2026-11-27-212-unpaid-wins.js';
import * as afterSale from './migrations/2026-11-27-213-after-sale.js';
import * as reports from './migrations/2026-11-27-214-reports.js';
import * as unansweredProblems from './migrations/2026-11-27-216-unanswered-problems.js';
import * as savedSearches from './migrations/2026-11-27-217-saved-searches.js';
import * as productViews from './migrations/2026-11-27-218-product-views.js';
import * as taxDetails from './migrations/2026-11-27-219-tax-details.js';
import * as invoices from './migrations/2026-11-27-220-invoices.js';
import * as dashboard from './migrations/2026-11-27-221-dashboard.js';
import * as biddingSuspendedUntil from './migrations/2026-11-27-222-bidding-suspended-until.js';
import * as dataRights from './migrations/2026-11-29-230-data-rights.js';
import * as backupSchedule from './migrations/2026-11-29-231-backup-schedule.js';
import * as dataChangedNotices from './migrations/2026-11-29-232-data-changed-notices.js';
import * as addressesAndDelivery from './migrations/2026-11-30-233-addresses-and-delivery.js';
import * as offers from './migrations/2026-11-30-234-offers.js';
import * as flashSalesAndGiveaways from './migrations/2026-11-30-235-flash-sales-and-giveaways.js';
import * as showReplays from './migrations/2026-11-30-236-show-replays.js';
import * as rehearsals from './migrations/2026-11-30-237-rehearsals.js';
import * as push from './migrations/2026-11-30-238-push.js';

/** In order; names are dated so a newcomer can read the history. Never edit a shipped one. */
export const MIGRATIONS: Record<string, Migration> = {
  '2026-11-21-001-accounts': accounts,
  '2026-11-21-002-catalog': catalog,
  '2026-11-21-003-sqlite-search-index': sqliteSearch,
  '2026-11-22-004-auctions': auctions,
  '2026-11-22-005-live-streams': liveStreams,
  '2026-11-22-006-feed': feed,
  '2026-11-22-201-contact-email-opt-in': contactEmailOptIn,
  '2026-11-22-202-order-request-hash': orderRequestHash,
  '2026-11-22-203-fulfilment-status': fulfilmentStatus,
  '2026-11-24-204-feed-read-indexes': feedReadIndexes,
  '2026-11-25-205-bidder-index-on-maxima': bidderIndexOnMaxima,
  '2026-11-26-206-storage-keys-not-urls': storageKeysNotUrls,
  '2026-11-27-207-folded-search-text': foldedSearchText,
  '2026-11-27-208-user-locale': userLocale,
  '2026-11-27-209-arabic-listing': arabicListing,
  '2026-11-27-210-live-shows': liveShows,
  '2026-11-27-211-staff': staff,
  '2026-11-27-212-unpaid-wins': unpaidWins,
  '2026-11-27-213-after-sale': afterSale,
  '2026-11-27-214-reports': reports,
  '2026-11-27-216-unanswered-problems': unansweredProblems,
  '2026-11-27-217-saved-searches': savedSearches,
  '2026-11-27-218-product-views': productViews,
  '2026-11-27-219-tax-details': taxDetails,
  '2026-11-27-220-invoices': invoices,
  '2026-11-27-221-dashboard': dashboard,
  '2026-11-27-222-bidding-suspended-until': biddingSuspendedUntil,
  '2026-11-29-230-data-rights': dataRights,
  '2026-11-29-231-backup-schedule': backupSchedule,
  '2026-11-29-232-data-changed-notices': dataChangedNotices,
  '2026-11-30-233-addresses-and-delivery': addressesAndDelivery,
  '2026-11-30-234-offers': offers,
  '2026-11-30-235-flash-sales-and-giveaways': flashSalesAndGiveaways,
  '2026-11-30-236-show-replays': showReplays,
  '2026-11-30-237-rehearsals': rehearsals,
  '2026-11-30-238-push': push,
};

const BUSY_RETRY_MS = 30_000;
/** undefined_column, invalid_schema_name, undefined_table, internal_error ("cache lookup failed"). */
const CATALOG_RACES = new Set(['42703', '3F000', '42P01', 'XX000']);

/** Safe to run from several processes at once: one applies the migrations, the others find them applied. */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  // SQLite's busy wait blocks the whole thread; while migrating, fail fast and retry here instead,
  // so two handles in one process (tests, a second app instance) never wait on each other.
  const busyTimeout = sqlite
    ? (await sql<{ timeout: number }>`pragma busy_timeout`.execute(db)).rows[0]?.timeout
    : undefined;
  if (sqlite) await sql`pragma busy_timeout = 0`.execute(db);
  try {
    const deadline = Date.now() + BUSY_RETRY_MS;
    for (;;) {
      try {
        return await migrateOnce(db, schema);
      } catch (error) {
        const code = String((error as { code?: unknown })?.code ?? '');
        // SQLite refuses, rather than waits for, a write that meets another migration (see database.ts).
        const busy = code.startsWith('SQLITE_BUSY');
        // Kysely asks whether its migration tables exist by reading every schema's tables and columns
        // from PostgreSQL's catalog, before it takes its lock; a schema being created, migrated or
        // dropped at that moment (another instance, or another test's database) can make that read
        // fail. Nothing was written yet: reading again is safe.
        const catalogRace = !sqlite && isCatalogRace(error);
        if (!(busy || catalogRace) || Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
      }
    }
  } finally {
    if (busyTimeout !== undefined) await sql`pragma busy_timeout = ${sql.raw(String(Number(busyTimeout)))}`.execute(db);
  }
}

async function migrateOnce(db: Kysely<any>, schema?: string): Promise<string[]> {
  if (schema) {
    // Two instances can both get past "if not exists"; the second then trips the catalog's unique index.
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db).catch((error: unknown) => {
      if (!isUniqueViolation(error)) throw error;
    });
  }
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => MIGRATIONS },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Kysely's catalog read met DDL in another schema (see migrateToLatest): nothing was written, reading again is safe. */
export function isCatalogRace(error: unknown): boolean {
  return CATALOG_RACES.has(String((error as { code?: unknown })?.code ?? ''));
}

/**
 * For code that drives a Migrator itself (tests that stop at a given migration): runs the step
 * again while it fails only because its catalog read raced another schema's DDL.
 */
export async function retryingCatalogRaces(step: () => Promise<MigrationResultSet>): Promise<MigrationResultSet> {
  const deadline = Date.now() + BUSY_RETRY_MS;
  for (;;) {
    const result = await step();
    if (!result.error || !isCatalogRace(result.error) || Date.now() > deadline) return result;
    await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 80));
  }
}
