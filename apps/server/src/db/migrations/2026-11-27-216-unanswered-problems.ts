import type { Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * After a sale, two gaps (issue 31, ADR 0038). A problem remembers when its buyer was told the
 * seller let the answer time pass (`unanswered_told_at`, so the job tells once, as `late_at` does
 * for lines); the job finds the next deadline by `(status, answer_by)`. A seller's ratings are
 * paged by `(created_at, id)`, so that index gains the id (ADR 0006).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('order_problems').addColumn('unanswered_told_at', 'text').execute();
  await db.schema
    .createIndex('order_problems_by_answer_by')
    .on('order_problems')
    .columns(['status', 'answer_by'])
    .execute();
  await db.schema
    .createIndex('seller_ratings_page')
    .on('seller_ratings')
    .columns(['seller_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('seller_ratings_by_seller').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('seller_ratings_by_seller')
    .on('seller_ratings')
    .columns(['seller_id', 'created_at'])
    .execute();
  await db.schema.dropIndex('seller_ratings_page').execute();
  await db.schema.dropIndex('order_problems_by_answer_by').execute();
  await db.schema.alterTable('order_problems').dropColumn('unanswered_told_at').execute();
}
