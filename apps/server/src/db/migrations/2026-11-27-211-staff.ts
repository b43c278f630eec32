import type { Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Staff (issue 31): a flag on the account, set only from the command line (`npm run staff:grant`),
 * and the audit log of what staff did: who, what, to which thing, why and when. The log is only
 * ever appended to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('staff', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('staff_actions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('staff_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_kind', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('staff_actions_by_time').on('staff_actions').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('staff_actions').execute();
  await db.schema.alterTable('users').dropColumn('staff').execute();
}
