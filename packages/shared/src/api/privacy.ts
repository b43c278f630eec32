import { z } from 'zod';
import { MSG } from '../messages.js';
import { emailAddress } from '../text.js';
import { staffReason } from './reports.js';
import { Timestamp } from './scalars.js';

/**
 * Data rights (UAE Federal Decree-Law 45/2021 arts. 13–15; issue 45, ADR 0046): a person downloads
 * everything Souq keeps about them, or has their account erased.
 */

/** How long a built export can be downloaded. */
export const DATA_EXPORT_DAYS = 7;

/** Why an account cannot be erased yet: each is something still owed to or by other people. */
export const DELETION_BLOCKERS = ['open_orders', 'sales_to_ship', 'shows', 'running_auctions', 'leading_bids'] as const;
export type DeletionBlocker = (typeof DELETION_BLOCKERS)[number];

/** Each blocker's message, as the API refuses with it and the Privacy section lists it. */
export const DELETION_BLOCKER_MESSAGES: Record<DeletionBlocker, string> = {
  open_orders: MSG.deleteBlockedOpenOrders,
  sales_to_ship: MSG.deleteBlockedSalesToShip,
  shows: MSG.deleteBlockedShows,
  running_auctions: MSG.deleteBlockedAuctions,
  leading_bids: MSG.deleteBlockedLeadingBids,
};

export const DataExportSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'ready', 'failed']),
  requestedAt: Timestamp,
  /** When the link stops working; null until it is built. */
  expiresAt: Timestamp.nullable(),
  /** Where the owner downloads it (after the server's check); null until it is built. */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof DataExportSchema>;

/** The Privacy section: the latest export still of use, and what stands in the way of erasure. */
export const PrivacyStatusSchema = z.object({
  export: DataExportSchema.nullable(),
  blockers: z.array(z.enum(DELETION_BLOCKERS)),
});
export type PrivacyStatus = z.infer<typeof PrivacyStatusSchema>;

/**
 * Erasing one's own account is confirmed with the password; an account that signs in only with
 * Google has none, so it types its email address instead (the server checks whichever applies).
 */
export const DeleteAccountSchema = z.object({
  confirmation: z
    .string({ error: MSG.deleteConfirmationRequired })
    .max(320)
    .refine((v) => v.length > 0, MSG.deleteConfirmationRequired),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountSchema>;

/** Staff act for a person who asked by email: whose account, and why (the audit log keeps it). */
export const StaffDataRightsSchema = z.object({
  email: emailAddress(MSG.fillAllFields, MSG.invalidEmail),
  reason: staffReason,
});
export type StaffDataRightsInput = z.infer<typeof StaffDataRightsSchema>;

/**
 * An erased account's username: unique, and unlike any a person can choose (usernames have no
 * `~`), so every page shows "Deleted account" in its place.
 */
export const ERASED_USERNAME_PREFIX = '~erased-';
export const isErasedUsername = (username: string | null | undefined): boolean =>
  !!username && username.startsWith(ERASED_USERNAME_PREFIX);
