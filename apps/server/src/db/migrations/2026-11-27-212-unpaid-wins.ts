import type { Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Winners who don't pay (issue 31, ADR 0037): a won order's completion deadline and the two
 * reminders sent before it, why an order was cancelled and whether its buyer asked to cancel; the
 * unpaid-item strikes; and the seller's one second-chance offer per auction to its runner-up.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['complete_by', 'reminded_day_at', 'reminded_hours_at', 'cancel_reason', 'cancel_asked_at'])
    await db.schema.alterTable('orders').addColumn(column, 'text').execute();
  // The sweep reads orders still waiting for an address, earliest deadline first.
  await db.schema.createIndex('orders_complete_by').on('orders').columns(['status', 'complete_by']).execute();

  await db.schema
    .createTable('unpaid_strikes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    // One strike per cancelled order, whatever runs the sweep twice.
    .addColumn('order_id', 'text', (c) => c.notNull().unique().references('orders.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('unpaid_strikes_by_user')
    .on('unpaid_strikes')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('second_chance_offers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // One offer per auction, ever.
    .addColumn('auction_id', 'text', (c) => c.notNull().unique().references('auctions.id'))
    .addColumn('seller_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('bidder_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('amount', 'integer', (c) => c.notNull())
    // open → accepted | declined | expired
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('order_id', 'text')
    .execute();
  await db.schema
    .createIndex('second_chance_offers_by_bidder')
    .on('second_chance_offers')
    .columns(['bidder_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('second_chance_offers').execute();
  await db.schema.dropTable('unpaid_strikes').execute();
  await db.schema.dropIndex('orders_complete_by').execute();
  for (const column of ['cancel_asked_at', 'cancel_reason', 'reminded_hours_at', 'reminded_day_at', 'complete_by'])
    await db.schema.alterTable('orders').dropColumn(column).execute();
}
