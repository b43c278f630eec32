import { hashSecret } from './secrets.js';
import type { Kysely } from 'kysely';
import { type AuditLog, type Locale } from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import * as q from './queries.js';
import { simulatedBidders } from './simulated-bidders.js';
import * as staff from './staff.js';
import type { StaffActionEntry } from './staff.js';

import { toSessionUser, type AccountsDeps } from './deps.js';
import { createPasswords } from './passwords.js';
import { createSessions } from './sessions.js';
import { createSignUp } from './sign-up.js';

export { toSessionUser, type AccountsDeps, type NewSession } from './deps.js';

const AUDIT_PAGE = 50;

export type AccountsService = ReturnType<typeof createAccountsService>;

/**
 * Accounts, joined from their parts: sign-up and sign-in (sign-up.ts), sessions (sessions.ts), the
 * email's verification and the password (passwords.ts), and below, what other modules and staff
 * ask of accounts.
 */
export function createAccountsService(deps: AccountsDeps) {
  const { db } = deps;
  const iso = (offsetMs = 0) => deps.clock.iso(offsetMs);
  const sessions = createSessions(deps);
  const passwords = createPasswords(deps);

  return {
    toSessionUser: (row: UserRow) => toSessionUser(row, deps.avatarUrl, iso()),

    ...createSignUp({ ...deps, createSession: sessions.createSession, sendVerification: passwords.sendVerification }),
    ...sessions,
    ...passwords.members,

    /** The account's language, for its mail and notifications from now on. */
    async setLocale(user: UserRow, locale: Locale): Promise<void> {
      await q.setLocale(db, user.id, locale);
    },

    countUsers: () => q.countUsers(db),

    /** The user as of now: a socket reads it per message, so a verification or a rename shows at once. */
    userById: (id: string) => q.findUserById(db, id),

    isUsernameTaken: (username: string, exceptUserId?: string) => q.usernameExists(db, username, exceptUserId),

    /** A rehearsal's simulated bidders (issue 47): accounts nobody signs in to, made when first asked for. */
    simulatedBidders: (count: number) => simulatedBidders(db, count, iso()),

    /** The stored id of the session a token opens (issue 48: a device's push subscription names it). */
    sessionIdOf: (token: string) => hashSecret(token),

    /** Where to mail people (their sign-in address, the name to greet, their language), read with the caller's writes. */
    contactsOf: (runner: Kysely<DB>, userIds: string[]) => q.contactsOf(runner, userIds),

    /** Appends to the staff audit log, in the caller's transaction (issue 31). */
    recordStaffAction: (runner: Kysely<DB>, entry: StaffActionEntry) => staff.recordStaffAction(runner, entry, iso()),

    /**
     * Staff (issue 31): suspends an account until a time, in the caller's transaction, and ends
     * every session it has. False when there is no such account, or it is staff.
     */
    async suspend(trx: Kysely<DB>, userId: string, until: string, reason: string): Promise<boolean> {
      if (!(await staff.setSuspension(trx, userId, { until, reason }))) return false;
      await q.deleteUserSessions(trx, userId);
      return true;
    },

    /** Ends a suspension now; false when the account was not suspended. */
    unsuspend: (trx: Kysely<DB>, userId: string) => staff.setSuspension(trx, userId, null, iso()),
    /** What a person's unpaid-win strikes add up to (auctions works it out; ADR 0037): only ever later. */
    raiseBiddingSuspension: (runner: Kysely<DB>, userId: string, until: string) =>
      q.raiseBiddingSuspension(runner, userId, until),

    /** The staff audit log, newest first, 50 a page; `before` is the previous page's `next`. */
    async auditLog(before?: string): Promise<AuditLog> {
      const [createdAt, id] = before?.split('|') ?? [];
      const rows = await staff.staffActions(db, AUDIT_PAGE + 1, createdAt && id ? { createdAt, id } : undefined);
      const page = rows.slice(0, AUDIT_PAGE);
      const last = page.at(-1);
      return {
        actions: page.map((r) => ({
          id: r.id,
          staff: r.staff_username,
          action: r.action,
          targetKind: r.target_kind,
          targetId: r.target_id,
          reason: r.reason,
          createdAt: r.created_at,
        })),
        next: rows.length > AUDIT_PAGE && last ? `${last.created_at}|${last.id}` : null,
      };
    },
  };
}
