import type { Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * After a sale (issue 31). Each seller line gets its shipping deadline (`ship_by`, set when the
 * order has its address), when it really shipped (`shipped_at`, kept after it is delivered, for
 * the on-time share) and when the buyer was told it is late (`late_at`, so the job tells once).
 * Lines placed before this have no deadline. Buyers rate a seller once per order; a delivered line
 * may have one problem, answered by the seller and, if escalated, decided by staff.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_lines').addColumn('ship_by', 'text').execute();
  await db.schema.alterTable('order_lines').addColumn('shipped_at', 'text').execute();
  await db.schema.alterTable('order_lines').addColumn('late_at', 'text').execute();
  await db.schema.createIndex('order_lines_ship_by').on('order_lines').columns(['ship_by']).execute();
  await db.schema
    .createIndex('order_lines_seller_ship_by')
    .on('order_lines')
    .columns(['seller_id', 'ship_by'])
    .execute();

  await db.schema
    .createTable('seller_ratings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('seller_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('stars', 'integer', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('reply', 'text')
    .addColumn('replied_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('seller_ratings_once', ['order_id', 'seller_id'])
    .execute();
  await db.schema
    .createIndex('seller_ratings_by_seller')
    .on('seller_ratings')
    .columns(['seller_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('order_problems')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('line_id', 'text', (c) => c.notNull().unique().references('order_lines.id'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('buyer_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('seller_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('photos', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('answer_by', 'text', (c) => c.notNull())
    .addColumn('answer_kind', 'text')
    .addColumn('answer_text', 'text')
    .addColumn('answered_at', 'text')
    .addColumn('escalation_text', 'text')
    .addColumn('escalated_at', 'text')
    .addColumn('decision', 'text')
    .addColumn('decision_reason', 'text')
    .addColumn('decided_by', 'text', (c) => c.references('users.id'))
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_problems_by_status')
    .on('order_problems')
    .columns(['status', 'escalated_at'])
    .execute();
  await db.schema.createIndex('order_problems_by_buyer').on('order_problems').columns(['buyer_id']).execute();
  await db.schema.createIndex('order_problems_by_seller').on('order_problems').columns(['seller_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('order_problems').execute();
  await db.schema.dropTable('seller_ratings').execute();
  await db.schema.dropIndex('order_lines_seller_ship_by').execute();
  await db.schema.dropIndex('order_lines_ship_by').execute();
  await db.schema.alterTable('order_lines').dropColumn('late_at').execute();
  await db.schema.alterTable('order_lines').dropColumn('shipped_at').execute();
  await db.schema.alterTable('order_lines').dropColumn('ship_by').execute();
}
