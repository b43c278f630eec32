import type { Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Data rights (UAE Federal Decree-Law 45/2021 arts. 13–15; issue 45, ADR 0046). A data export is
 * asked for, built by a job off the request path (claimed with a conditional update, so one
 * instance builds it), stored as a private file and downloadable by its owner until it expires.
 * An erased account keeps its row (orders, invoices and chat lines point at it) with `erased_at`
 * set and every contact detail gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Who asked: the person, or the staff member acting on their email.
    .addColumn('requested_by', 'varchar(36)', (c) => c.notNull())
    // 'pending' → 'ready' (or 'failed'); a claim sets `claimed_at`, a build older than that is claimed again.
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('storage_key', 'varchar(200)')
    .addColumn('bytes', 'bigint')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('claimed_at', 'varchar(30)')
    .addColumn('ready_at', 'varchar(30)')
    .addColumn('expires_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('data_exports_user').on('data_exports').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('data_exports_status').on('data_exports').columns(['status', 'created_at']).execute();
  await db.schema.alterTable('users').addColumn('erased_at', 'varchar(30)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('erased_at').execute();
  await db.schema.dropTable('data_exports').execute();
}
