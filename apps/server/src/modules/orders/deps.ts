import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { Mailer } from '../../adapters/mail/index.js';
import type { DialectName } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { MediaService } from '../../media/media-service.js';
import type { CatalogPort } from '../catalog/port.js';
import type { ProfilesPort } from '../profiles/port.js';
import type { Clip } from '@souq/shared';

export type Trx = Transaction<DB>;

/**
 * Where the clips of lines won at show lots come from: the streams module provides it as it
 * starts, since orders may not import streams (the dependency runs streams → orders).
 */
export type ClipSource = (auctionIds: string[]) => Promise<ReadonlyMap<string, Clip>>;

/**
 * Whether a buyer's cash on delivery is blocked now, and until when (an ISO instant); null when it
 * is not. The delivery module provides it, since orders may not import it (issue 46).
 */
export type CodBlock = (trx: Transaction<DB>, buyerId: string) => Promise<string | null>;

/** What the orders module is made from; each part (checkout, won orders, fulfilment, views) takes what it uses. */
export interface OrdersDeps {
  db: Kysely<DB>;
  dialect: DialectName;
  catalog: Pick<CatalogPort, 'pricesFor' | 'recordSale'>;
  /** The sellers' tax details, copied into each invoice as it is issued (issue 32). */
  profiles: Pick<ProfilesPort, 'taxDetailsOf'>;
  clock: Clock;
  /** How long a winner has to give the address (WIN_COMPLETE_HOURS, issue 31). */
  winCompleteMs: number;
  media: Pick<MediaService, 'avatarUrl' | 'thumbUrl'>;
  /** The buyer's confirmation, sent once the order has committed; a mail that fails is only logged. */
  mail: { mailer: Mailer; publicUrl: string; log: FastifyBaseLogger };
  /** How long a seller has to ship once the order has its address (SHIP_WITHIN_HOURS, issue 31). */
  shipWithinMs: number;
  /** Where lines' clips come from: the `clipSource` slot, as streams fills it (port.ts). */
  clipSources: readonly ClipSource[];
  /** Cash on delivery's limits at checkout (COD_MAX_AED, COD_MAX_OPEN_ORDERS), and who decides a block (the `codBlock` slot). */
  cod: { maxOrderFils: number; maxOpenOrders: number; blocks: readonly CodBlock[] };
}

/** A won order's deadline, counted from now (the win). */
export const winDeadline = (deps: Pick<OrdersDeps, 'clock' | 'winCompleteMs'>) => deps.clock.iso(deps.winCompleteMs);
