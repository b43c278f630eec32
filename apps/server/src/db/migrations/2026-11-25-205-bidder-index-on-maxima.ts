import type { Kysely } from 'kysely';

// Frozen: a migration never changes after it ships and never imports application code.

/**
 * Which auctions a person bid on (the For You feed's bid signals) is now read from their maxima,
 * one row per bidder and auction, instead of from every bid row. The old index on bids was keyed
 * by bidder, so each bid in a batch landed on a page of its own: two thirds of the pages a hot
 * auction's commit wrote on SQLite (bench/README, "One page per bidder"). The maxima's index
 * changes only on a person's first bid on an auction; later bids update the row, not its keys.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('auction_max_bids_bidder')
    .on('auction_max_bids')
    .columns(['bidder_id', 'auction_id'])
    .execute();
  await db.schema.dropIndex('bids_bidder').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('bids_bidder').on('bids').columns(['bidder_id', 'auction_id']).execute();
  await db.schema.dropIndex('auction_max_bids_bidder').execute();
}
