import { sql, type Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Rows name stored files by key, never by URL: how a key reaches a browser (the app's /uploads,
 * a CDN) is the storage's business and may change without touching a row. Two columns held URLs:
 * a person's picture (`/uploads/avatars/<uuid>-thumb.webp`, or the default avatar's address) and
 * an order line's photo (`/uploads/products/<uuid>-thumb.webp`, or the placeholder's). Each
 * becomes a nullable key (`avatars/<uuid>`); null means "the default picture" and "no photo".
 * Anything that is not one of our upload URLs had no file behind it and becomes null.
 */
const PREFIX = '/uploads/'.length;
const THUMB = '-thumb.webp'.length;
const LARGE = '.webp'.length;

/** `/uploads/<key>-thumb.webp` or `/uploads/<key>.webp` to `<key>`, in SQL both databases speak. */
const keyOf = (column: string) => sql`case
  when ${sql.ref(column)} like '/uploads/%-thumb.webp' then substr(${sql.ref(column)}, ${sql.lit(PREFIX + 1)}, length(${sql.ref(column)}) - ${sql.lit(PREFIX + THUMB)})
  else substr(${sql.ref(column)}, ${sql.lit(PREFIX + 1)}, length(${sql.ref(column)}) - ${sql.lit(PREFIX + LARGE)})
end`;

const uploadUrl = (column: string) => sql`${sql.ref(column)} like '/uploads/%.webp'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('avatar_key', 'text').execute();
  await sql`update users set avatar_key = ${keyOf('profile_pic')} where ${uploadUrl('profile_pic')}`.execute(db);
  await db.schema.alterTable('users').dropColumn('profile_pic').execute();

  await db.schema.alterTable('order_lines').addColumn('image_key', 'text').execute();
  await sql`update order_lines set image_key = ${keyOf('image')} where ${uploadUrl('image')}`.execute(db);
  await db.schema.alterTable('order_lines').dropColumn('image').execute();
}

/** Back to URLs as the app served them from DATA_DIR; lines that had the placeholder get no picture. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('profile_pic', 'text', (c) => c.notNull().defaultTo('/images/default-avatar.svg'))
    .execute();
  await sql`update users set profile_pic = '/uploads/' || avatar_key || '-thumb.webp' where avatar_key is not null`.execute(
    db,
  );
  await db.schema.alterTable('users').dropColumn('avatar_key').execute();

  await db.schema.alterTable('order_lines').addColumn('image', 'text').execute();
  await sql`update order_lines set image = '/uploads/' || image_key || '-thumb.webp' where image_key is not null`.execute(
    db,
  );
  await db.schema.alterTable('order_lines').dropColumn('image_key').execute();
}
