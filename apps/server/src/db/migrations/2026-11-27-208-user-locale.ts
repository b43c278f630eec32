import type { Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * The account remembers its language (issue 29): 'en' or 'ar', or null while the person has not
 * chosen one (English for mail and notifications, the browser's preference on screen). Accounts
 * made before this keep null: nobody chose for them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('locale', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('locale').execute();
}
