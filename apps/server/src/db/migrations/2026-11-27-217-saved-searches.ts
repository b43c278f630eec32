import type { Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Saved searches and their alerts (issue 32, ADR 0040). A search is kept once per person
 * (`search_key` is its folded words, category, ceiling and auctions-only, unique per person); its
 * words, folded as catalog search folds text, are an index of their own (`saved_search_words`) so
 * a new listing finds the searches all of whose words it holds without reading the others
 * (each word row carries its search's word count, so that lookup needs no join). A hit
 * is one listing for one person (unique), which the bell shows at once and the daily digest mails
 * once (`mailed_at`); `saved_search_digests` says when each person was last mailed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('saved_searches')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', 'varchar(100)', (c) => c.notNull())
    .addColumn('category', 'varchar(40)')
    .addColumn('max_price', 'bigint')
    .addColumn('auctions_only', 'integer', (c) => c.notNull())
    .addColumn('word_count', 'integer', (c) => c.notNull())
    .addColumn('search_key', 'varchar(400)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('saved_searches_one_per_person')
    .on('saved_searches')
    .columns(['user_id', 'search_key'])
    .unique()
    .execute();
  // Searches with no words are found by their category alone.
  await db.schema
    .createIndex('saved_searches_wordless')
    .on('saved_searches')
    .columns(['word_count', 'category'])
    .execute();

  await db.schema
    .createTable('saved_search_words')
    .addColumn('word', 'varchar(100)', (c) => c.notNull())
    .addColumn('search_id', 'varchar(36)', (c) => c.notNull().references('saved_searches.id').onDelete('cascade'))
    // The search's word count, copied: the lookup is then one index range and an aggregate, no join.
    .addColumn('word_count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('saved_search_words_pk', ['word', 'search_id'])
    .execute();
  await db.schema.createIndex('saved_search_words_search').on('saved_search_words').column('search_id').execute();

  await db.schema
    .createTable('saved_search_hits')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('listing_kind', 'varchar(10)', (c) => c.notNull())
    .addColumn('listing_id', 'varchar(36)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('link', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('mailed_at', 'varchar(30)')
    .execute();
  await db.schema
    .createIndex('saved_search_hits_once')
    .on('saved_search_hits')
    .columns(['user_id', 'listing_kind', 'listing_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('saved_search_hits_unmailed')
    .on('saved_search_hits')
    .columns(['mailed_at', 'user_id'])
    .execute();

  await db.schema
    .createTable('saved_search_digests')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('sent_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('saved_search_digests').execute();
  await db.schema.dropTable('saved_search_hits').execute();
  await db.schema.dropTable('saved_search_words').execute();
  await db.schema.dropTable('saved_searches').execute();
}
