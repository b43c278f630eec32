import { sql, SqliteAdapter, type Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Offers on fixed-price items (ADR 0053): each product's terms (whether its seller takes
 * offers, a floor buyers never see, how many units go through offers and how many of them are
 * reserved or sold), and each offer with its counter, its deadline and the order it became.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = !(db.getExecutor().adapter instanceof SqliteAdapter);

  await db.schema
    .createTable('offer_terms')
    .addColumn('product_id', 'varchar(36)', (c) => c.primaryKey().references('products.id').onDelete('cascade'))
    .addColumn('seller_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('allow', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('floor', 'bigint')
    .addColumn('units', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('reserved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    // The conditional updates keep these; the checks say so to anyone who writes the table by hand.
    .addCheckConstraint('offer_terms_counts', sql`reserved >= 0 and sold >= 0 and reserved + sold <= units`)
    .execute();

  await db.schema
    .createTable('offers')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('product_id', 'varchar(36)', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('buyer_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seller_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('list_price', 'bigint', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('counter_amount', 'bigint')
    .addColumn('status', 'varchar(20)', (c) => c.notNull())
    .addColumn('declined', 'varchar(20)')
    .addColumn('created_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(32)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(32)')
    .addColumn('order_id', 'varchar(36)')
    .execute();
  await db.schema
    .createIndex('offers_buyer_product')
    .on('offers')
    .columns(['buyer_id', 'product_id', 'status'])
    .execute();
  await db.schema.createIndex('offers_seller').on('offers').columns(['seller_id', 'created_at']).execute();
  await db.schema.createIndex('offers_due').on('offers').columns(['status', 'expires_at']).execute();

  // PostgreSQL: new tables tell every instance of their commits, as the others do (migration 232, ADR 0050).
  if (postgres)
    for (const table of ['offer_terms', 'offers']) {
      await sql`create trigger souq_row_changed after insert or update or delete on ${sql.table(table)}
        for each row execute function souq_data_changed()`.execute(db);
      await sql`create trigger souq_table_truncated after truncate on ${sql.table(table)}
        for each statement execute function souq_data_changed()`.execute(db);
    }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('offers').execute();
  await db.schema.dropTable('offer_terms').execute();
}
