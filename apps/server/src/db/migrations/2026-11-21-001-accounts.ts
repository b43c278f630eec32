import { sql, type Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('username', 'varchar(30)', (c) => c.notNull())
    .addColumn('display_name', 'varchar(100)')
    .addColumn('phone', 'varchar(20)')
    .addColumn('profile_pic', 'text', (c) => c.notNull())
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('contact_email', 'varchar(254)')
    .addColumn('posts_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('followers_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('following_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('google_sub', 'varchar(255)', (c) => c.unique())
    .addColumn('email_verified_at', 'varchar(30)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  // Usernames are unique regardless of case, so "Amira" and "amira" cannot both exist.
  await db.schema
    .createIndex('users_username_lower_unique')
    .on('users')
    .expression(sql`lower(username)`)
    .unique()
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(300)')
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('email_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(10)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('used_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('email_tokens_user_purpose').on('email_tokens').columns(['user_id', 'purpose']).execute();

  await db.schema
    .createTable('oidc_states')
    .addColumn('state_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('nonce', 'varchar(100)', (c) => c.notNull())
    .addColumn('code_verifier', 'varchar(200)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['oidc_states', 'email_tokens', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
