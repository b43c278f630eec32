import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Push messages and notification settings (issue 48). A device's subscription belongs to the
 * sign-in that made it, so signing out there (or everywhere) ends it with the session row. A
 * switched-off kind is a row; everything is on until then. Messages wait in an outbox until their
 * push service takes them, with the time of the next try.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_mutes')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(40)', (c) => c.notNull())
    .addColumn('channel', 'varchar(10)', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_mutes_pk', ['user_id', 'kind', 'channel'])
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_id_hash', 'varchar(64)', (c) => c.notNull().references('sessions.id_hash').onDelete('cascade'))
    .addColumn('endpoint', 'varchar(1000)', (c) => c.notNull().unique())
    .addColumn('p256dh', 'varchar(200)', (c) => c.notNull())
    .addColumn('auth', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_user')
    .on('push_subscriptions')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('push_subscriptions_session')
    .on('push_subscriptions')
    .column('session_id_hash')
    .execute();

  await db.schema
    .createTable('push_outbox')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('subscription_id', 'varchar(36)', (c) =>
      c.notNull().references('push_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('urgency', 'varchar(10)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('push_outbox_due').on('push_outbox').column('due_at').execute();
  await db.schema.createIndex('push_outbox_subscription').on('push_outbox').column('subscription_id').execute();

  // PostgreSQL: new tables tell every instance of their commits, as the others do (migration 232, ADR 0050).
  if (!(db.getExecutor().adapter instanceof SqliteAdapter))
    for (const table of ['notification_mutes', 'push_subscriptions', 'push_outbox']) {
      await sql`create trigger souq_row_changed after insert or update or delete on ${sql.table(table)}
        for each row execute function souq_data_changed()`.execute(db);
      await sql`create trigger souq_table_truncated after truncate on ${sql.table(table)}
        for each statement execute function souq_data_changed()`.execute(db);
    }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('push_outbox').execute();
  await db.schema.dropTable('push_subscriptions').execute();
  await db.schema.dropTable('notification_mutes').execute();
}
