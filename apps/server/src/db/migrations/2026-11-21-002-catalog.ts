import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = !(db.getExecutor().adapter instanceof SqliteAdapter);
  const money = postgres ? 'bigint' : 'integer';
  // Doubles in both, so a rating read back compares equal to the stored one (keyset paging).
  const float = postgres ? 'double precision' : 'real';

  await db.schema
    .createTable('products')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('owner_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    // Lowercased title: alphabetical sorting that ignores case, on an index.
    .addColumn('title_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('category', 'varchar(30)', (c) => c.notNull())
    .addColumn('price', money, (c) => c.notNull())
    .addColumn('previous_price', money)
    .addColumn('condition', 'varchar(12)', (c) => c.notNull())
    .addColumn('brand', 'varchar(100)', (c) => c.notNull())
    .addColumn('dimensions', 'varchar(50)')
    .addColumn('weight', float, (c) => c.notNull())
    .addColumn('country_of_origin', 'varchar(100)')
    .addColumn('keywords', 'text', (c) => c.notNull())
    // Lowercased title, category and keywords, one per line: what search matches against.
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('images', 'text', (c) => c.notNull())
    .addColumn('invoice_key', 'varchar(200)')
    .addColumn('rating', float, (c) => c.notNull().defaultTo(0))
    .addColumn('review_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sold_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('popularity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_auction', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('related_auction', 'varchar(36)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  // One index per sort, with and without the category filter; id breaks ties for keyset paging.
  const sorts = ['price', 'title_key', 'rating', 'popularity', 'created_at'];
  for (const column of sorts) {
    await db.schema.createIndex(`products_${column}`).on('products').columns([column, 'id']).execute();
    await db.schema
      .createIndex(`products_category_${column}`)
      .on('products')
      .columns(['category', column, 'id'])
      .execute();
  }
  await db.schema.createIndex('products_owner').on('products').columns(['owner_id', 'created_at']).execute();
  if (postgres) {
    // Substring search ("contains") on 100,000 products needs a trigram index, not a scan.
    // The extension is one per database: it lives in public, never in an app schema (dropping that
    // schema would take it, and every other schema's index, along), and its operator class is named
    // by the schema it is really in, which need not be on this schema's search_path.
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    const { rows } = await sql<{
      schema: string;
    }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(
      db,
    );
    await sql`create index products_search_trgm on products using gin (search_text ${sql.id(rows[0]!.schema, 'gin_trgm_ops')})`.execute(
      db,
    );
  }

  await db.schema
    .createTable('product_likes')
    .addColumn('product_id', 'varchar(36)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_likes_pk', ['product_id', 'user_id'])
    .execute();
  await db.schema.createIndex('product_likes_user').on('product_likes').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('product_id', 'varchar(36)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'varchar(500)', (c) => c.notNull())
    .addColumn('rating', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('reviews_one_per_user', ['product_id', 'user_id'])
    .execute();
  await db.schema.createIndex('reviews_product_time').on('reviews').columns(['product_id', 'created_at']).execute();

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('followee_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
    .addCheckConstraint('follows_not_self', sql`follower_id <> followee_id`)
    .execute();
  await db.schema.createIndex('follows_followee').on('follows').columns(['followee_id', 'created_at']).execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('buyer_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('payment_method', 'varchar(30)', (c) => c.notNull())
    .addColumn('subtotal', money, (c) => c.notNull())
    .addColumn('vat', money, (c) => c.notNull())
    .addColumn('total', money, (c) => c.notNull())
    .addColumn('emirate', 'varchar(40)', (c) => c.notNull())
    .addColumn('area', 'varchar(100)', (c) => c.notNull())
    .addColumn('street', 'varchar(200)', (c) => c.notNull())
    .addColumn('phone', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addUniqueConstraint('orders_idempotency', ['buyer_id', 'idempotency_key'])
    .execute();
  await db.schema.createIndex('orders_buyer_time').on('orders').columns(['buyer_id', 'created_at']).execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('order_id', 'varchar(36)', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    // The cart's order, so the receipt lists lines as the buyer saw them.
    .addColumn('position', 'integer', (c) => c.notNull())
    // The product may be deleted later; the line keeps what was bought and for how much.
    .addColumn('product_id', 'varchar(36)', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('seller_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('unit_price', money, (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('line_total', money, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_lines_order').on('order_lines').column('order_id').execute();
  await db.schema.createIndex('order_lines_seller').on('order_lines').columns(['seller_id', 'order_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['order_lines', 'orders', 'follows', 'reviews', 'product_likes', 'products']) {
    await db.schema.dropTable(table).execute();
  }
}
