import { sql, type Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * The seller's dashboard (issue 32, ADR 0043): what its charts read by index, and the one figure
 * nothing kept before.
 *
 * - `product_view_totals`: each product's views over the last 30 Gulf days, kept by the catalog as
 *   views are counted and days leave the window, so "best by views" reads ten from an index.
 * - `streams.peak_viewers`: the most people in a show's room at once, raised as counts go out.
 * - Indexes for the seller's figures: products by likes and by units sold, auctions by status and
 *   close, orders by show (a show's takings).
 * - `order_lines.sale_day`: the Gulf day (UTC+4) the line was sold, so a seller's sales per day are
 *   an index range of their own lines; existing lines take their order's day.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // "Best by views": each product's views over the last 30 Gulf days, kept as views are counted
  // and as days leave the window, so the ten best are read from an index with LIMIT 10.
  // `product_view_window` holds the window's first day (one row); the day index finds the
  // counters of the day that leaves it.
  await db.schema.createIndex('product_view_days_day').on('product_view_days').columns(['day', 'product_id']).execute();
  await db.schema
    .createTable('product_view_totals')
    .addColumn('product_id', 'varchar(36)', (c) => c.primaryKey().references('products.id').onDelete('cascade'))
    .addColumn('seller_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('product_view_totals_seller')
    .on('product_view_totals')
    .columns(['seller_id', 'views', 'product_id'])
    .execute();
  await db.schema
    .createTable('product_view_window')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('first_day', 'varchar(10)', (c) => c.notNull())
    .execute();
  const firstDay = gulfDay(new Date(Date.now() - 29 * 24 * 3600_000).toISOString());
  await sql`insert into product_view_window (id, first_day) values (1, ${firstDay})`.execute(db);
  await sql`insert into product_view_totals (product_id, seller_id, views)
    select d.product_id, p.owner_id, sum(d.views) from product_view_days d
    join products p on p.id = d.product_id where d.day >= ${firstDay} group by d.product_id, p.owner_id`.execute(db);

  await db.schema
    .alterTable('streams')
    .addColumn('peak_viewers', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema.createIndex('products_owner_likes').on('products').columns(['owner_id', 'like_count']).execute();
  await db.schema.createIndex('products_owner_sold').on('products').columns(['owner_id', 'sold_count']).execute();
  await db.schema
    .createIndex('auctions_seller_closed')
    .on('auctions')
    .columns(['seller_id', 'status', 'closed_at'])
    .execute();
  await db.schema.createIndex('orders_stream').on('orders').column('stream_id').execute();
  // A seller's sales by day and orders by status, from their lines alone (an order's cancel
  // cancels its lines), each an index range read without the rows.
  await db.schema.alterTable('order_lines').addColumn('sale_day', 'varchar(10)').execute();
  await fillSaleDays(db);
  await db.schema
    .createIndex('order_lines_seller_day')
    .on('order_lines')
    .columns(['seller_id', 'sale_day', 'status', 'order_id', 'line_total'])
    .execute();
  await db.schema
    .createIndex('order_lines_seller_status')
    .on('order_lines')
    .columns(['seller_id', 'status', 'order_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('product_view_window').execute();
  await db.schema.dropTable('product_view_totals').execute();
  await db.schema.dropIndex('product_view_days_day').execute();
  await db.schema.dropIndex('order_lines_seller_status').execute();
  await db.schema.dropIndex('order_lines_seller_day').execute();
  await db.schema.alterTable('order_lines').dropColumn('sale_day').execute();
  await db.schema.dropIndex('orders_stream').execute();
  await db.schema.dropIndex('auctions_seller_closed').execute();
  await db.schema.dropIndex('products_owner_sold').execute();
  await db.schema.dropIndex('products_owner_likes').execute();
  await db.schema.alterTable('streams').dropColumn('peak_viewers').execute();
}

/** The Gulf day (UTC+4, no daylight saving) of a stored ISO instant. */
const gulfDay = (iso: string) => new Date(Date.parse(iso) + 4 * 3600_000).toISOString().slice(0, 10);

/** Existing lines take their order's Gulf day, a page of orders at a time, one update per day in the page. */
async function fillSaleDays(db: Kysely<unknown>): Promise<void> {
  let after = '';
  for (;;) {
    const { rows } = await sql<{ id: string; created_at: string }>`
      select id, created_at from orders where id > ${after} order by id limit 1000`.execute(db);
    if (rows.length === 0) return;
    const byDay = new Map<string, string[]>();
    for (const row of rows) {
      const day = gulfDay(row.created_at);
      byDay.set(day, [...(byDay.get(day) ?? []), row.id]);
    }
    for (const [day, ids] of byDay)
      await sql`update order_lines set sale_day = ${day} where order_id in (${sql.join(ids)})`.execute(db);
    after = rows.at(-1)!.id;
  }
}
