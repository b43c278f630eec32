import type { Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Scheduled backups (BACKUP_DIR): one row that every instance of a cluster reads, so that one of
 * them, not each, takes the backup that is due (claimed by a conditional update on
 * `claimed_until`), and so that the metric of the last success's age is the site's, not the
 * instance's. `created_at` stands in for the last success until there is one, so a schedule that
 * never succeeds still ages.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('backup_schedule')
    .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('claimed_until', 'varchar(32)')
    .addColumn('last_success_at', 'varchar(32)')
    .addColumn('last_backup', 'varchar(500)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('backup_schedule').execute();
}
