import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB, UserRow } from '../../db/schema.js';

/** The address a simulated bidder's account has: a reserved domain (RFC 2606), so no mail ever leaves. */
const emailOf = (n: number) => `bidder-${n}@rehearsal.souq.invalid`;

/**
 * The simulated bidders of a rehearsal (issue 47): accounts Souq keeps for them, made the first
 * time they are asked for. They have no password and no Google link, so nobody signs in as them,
 * and their address is on a reserved domain, so no mail reaches anyone.
 */
export async function simulatedBidders(db: Kysely<DB>, count: number, now: string): Promise<UserRow[]> {
  const emails = Array.from({ length: count }, (_, i) => emailOf(i + 1));
  await db
    .insertInto('users')
    .values(
      emails.map((email, i) => ({
        id: crypto.randomUUID(),
        email,
        password_hash: null,
        username: `rehearsal_bidder_${i + 1}`,
        display_name: null,
        phone: null,
        avatar_key: null,
        bio: '',
        contact_email: null,
        google_sub: null,
        email_verified_at: now,
        created_at: now,
        locale: null,
      })),
    )
    // Made once, however many instances ask at once; a username a person took first is skipped.
    .onConflict((oc) => oc.doNothing())
    .execute();
  return db.selectFrom('users').selectAll().where('email', 'in', emails).orderBy('username').execute();
}
