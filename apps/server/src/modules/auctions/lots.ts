import type { Kysely, Transaction } from 'kysely';
import { minimumNextBid, type ClosingStyle, type Lot, type LotStatus } from '@souq/shared';
import type { DialectName } from '../../db/database.js';
import type { AuctionStatusValue, DB, UserRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { MediaService } from '../../media/media-service.js';
import type { CatalogPort } from '../catalog/port.js';
import { brief } from './live.js';
import * as lq from './lot-queries.js';

/** A lot as the auctions module knows it: everything but its clip, which is the show's. */
export type LotView = Omit<Lot, 'clip'>;

const LOT_STATUS: Partial<Record<AuctionStatusValue, LotStatus>> = {
  pending: 'waiting',
  open: 'running',
  sold: 'sold',
  unsold: 'passed',
};

/** A new auction's terms, for a timed auction and a show's lot alike (the auctions service's openAuction). */
export interface NewAuctionTerms {
  id: string;
  startingBid: number;
  reservePrice: number | null;
  closingStyle: ClosingStyle;
  endsAt: Date;
  kind: 'timed' | 'live';
  streamId: string | null;
  /** A show's lot waiting on its run sheet is 'pending' until the host runs it. */
  status?: 'open' | 'pending';
  lotPosition?: number;
  lotSeconds?: number;
  /** A rehearsal's lot (issue 47): the product stays in the shop, and nothing of the lot reaches anyone. */
  rehearsal?: boolean;
}

type OpenAuction = (trx: Transaction<DB>, user: UserRow, productId: string, terms: NewAuctionTerms) => Promise<unknown>;

export interface LotTerms {
  startingBid: number;
  seconds: number;
  closingStyle: ClosingStyle;
}

/**
 * A show's lots (ADR 0036): each an auction of kind 'live' with the show's id, waiting as
 * 'pending' until the host runs it. The show's rules (who, when) are the streams module's; these
 * only change a lot that is in the state the change needs, so two hosts' tabs cannot both win.
 */
export function createLots(deps: {
  db: Kysely<DB>;
  dialect: DialectName;
  clock: Clock;
  media: MediaService;
  catalog: Pick<CatalogPort, 'setAuction'>;
  openAuction: OpenAuction;
}) {
  const { db, clock, media } = deps;

  function view(row: lq.LotRow): LotView {
    const leader = brief(row.leader_id, row.leader_username, media.avatarUrl(row.leader_avatar));
    const status = LOT_STATUS[row.status] ?? 'passed';
    return {
      id: row.id,
      position: row.lot_position ?? 0,
      status,
      product: { id: row.product_id, title: row.title, image: media.firstImageOf(row.images) },
      startingBid: row.starting_bid,
      seconds: row.lot_seconds ?? 0,
      closingStyle: row.closing_style,
      seq: row.seq,
      currentBid: row.current_bid,
      bidCount: row.bid_count,
      minimumBid: minimumNextBid({ startingBid: row.starting_bid, currentBid: row.current_bid }),
      leader,
      endsAt: status === 'waiting' ? null : row.ends_at,
      winner: status === 'sold' ? leader : null,
    };
  }

  return {
    /**
     * A product onto a show's run sheet, in the show's transaction: off the shop at once (as Move
     * to Auction does), waiting; or, with `runUntil`, running at once (the one-product show).
     */
    async addLot(
      trx: Transaction<DB>,
      host: UserRow,
      productId: string,
      lot: LotTerms & { id: string; streamId: string; position: number; runUntil?: Date; rehearsal?: boolean },
    ): Promise<void> {
      await deps.openAuction(trx, host, productId, {
        id: lot.id,
        startingBid: lot.startingBid,
        reservePrice: null,
        closingStyle: lot.closingStyle,
        endsAt: lot.runUntil ?? clock.now(),
        kind: 'live',
        streamId: lot.streamId,
        status: lot.runUntil ? 'open' : 'pending',
        lotPosition: lot.position,
        lotSeconds: lot.seconds,
        rehearsal: lot.rehearsal,
      });
    },

    /** Runs a waiting lot, or a passed one again, for its timer from now; false when it is not waiting or passed. */
    async openLot(trx: Transaction<DB>, id: string): Promise<boolean> {
      const row = await lq.findLot(trx, id);
      if (!row || row.lot_seconds === null) return false;
      const now = clock.now();
      return lq.openLot(trx, id, now.toISOString(), new Date(now.getTime() + row.lot_seconds * 1000).toISOString());
    },

    editLot: (trx: Transaction<DB>, id: string, terms: LotTerms) =>
      lq.editLot(trx, id, {
        starting_bid: terms.startingBid,
        lot_seconds: terms.seconds,
        closing_style: terms.closingStyle,
      }),

    /** Off the run sheet, its product back in the shop; false when it is running or sold. */
    async dropLot(trx: Transaction<DB>, id: string): Promise<boolean> {
      const row = await lq.findLot(trx, id);
      if (!row || !(await lq.dropLot(trx, id, clock.iso()))) return false;
      if (row.product_id) await deps.catalog.setAuction(trx, row.product_id, null, id);
      return true;
    },

    /** The run sheet's new order: each lot's new place. */
    async moveLots(trx: Transaction<DB>, positions: ReadonlyArray<readonly [string, number]>): Promise<void> {
      for (const [id, position] of positions) await lq.setPosition(trx, id, position);
    },

    async nextLotPosition(runner: Kysely<DB>, streamId: string): Promise<number> {
      return lq.nextPosition(runner, streamId);
    },

    /** The run sheet, in order (dropped lots left out). */
    async lotsOf(streamId: string, runner: Kysely<DB> = db): Promise<LotView[]> {
      return (await lq.lotsOf(runner, streamId)).map(view);
    },

    /**
     * One lot, with the show it is on (undefined when it is no show's lot). Read in `held`, its row
     * stays held until that transaction ends, so a write that depends on the lot's state (a pre-bid
     * needs it waiting) serialises with the lot's start.
     */
    async lotOf(id: string, held?: Transaction<DB>): Promise<(LotView & { streamId: string }) | undefined> {
      const row = await (held ? lq.findLotHeld(held, id, deps.dialect) : lq.findLot(db, id));
      // A dropped lot is off the run sheet: no show's lot any more.
      if (!row?.stream_id || row.lot_position === null || row.status === 'cancelled') return undefined;
      return { ...view(row), streamId: row.stream_id };
    },
  };
}
