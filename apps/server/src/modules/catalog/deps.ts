import type { Kysely, Transaction } from 'kysely';
import type { DialectName } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Publish } from '../../lib/events.js';
import type { MediaService } from '../../media/media-service.js';

/** What the catalog's parts (service.ts, product-reads.ts, for-others.ts) are made from. */
export interface CatalogDeps {
  db: Kysely<DB>;
  dialect: DialectName;
  media: MediaService;
  /** Keeps the seller's post count in step, inside the same transaction. */
  adjustPostsCount: (trx: Transaction<DB>, userId: string, delta: number) => Promise<void>;
  /** A product on an open auction is frozen: bidders bid on what they saw. */
  isOnOpenAuction: (productId: string) => Promise<boolean>;
  clock: Clock;
  /** Announces a new product once it is stored (saved-search alerts listen: ADR 0040). */
  publish: Publish;
}
