import { sql, type Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * A contact email is shown to anyone on the profile, so it is opt-in. Until now a new account's
 * contact email was a copy of its sign-in email, which nobody chose to publish: those copies are
 * cleared. An address the owner typed in deliberately is kept, unless it is the sign-in email
 * itself, which cannot be told apart from the old default; that owner can opt in again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update users set contact_email = null where contact_email = email`.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to restore: which addresses were defaults is exactly what was forgotten.
}
