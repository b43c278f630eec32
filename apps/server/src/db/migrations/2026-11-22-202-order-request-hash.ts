import type { Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * The hash of what was ordered (cart and address), stored with the idempotency key, so a key
 * reused with a different body is refused instead of answered with the first order. Orders placed
 * before this have none and are answered as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('request_hash', 'varchar(64)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('request_hash').execute();
}
