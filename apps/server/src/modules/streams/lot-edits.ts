import crypto from 'node:crypto';
import { MSG, RUN_SHEET_MAX, type Lot, type LotTermsInput, type NewLotInput } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { LotAccess, RunSheetDeps } from './lot-access.js';
import * as q from './queries.js';

/** The host's hand on the run sheet before a lot runs: adding, changing, dropping and reordering lots. */
export function createLotEdits(deps: RunSheetDeps, access: LotAccess) {
  const { db, auctions } = deps;
  const { changed, hostedOpen, lotOn, shown } = access;

  return {
    /** The host adds one of their products at the end of the run sheet: off the shop at once. */
    async addLot(host: UserRow, streamId: string, input: NewLotInput): Promise<Lot> {
      await hostedOpen(host, streamId);
      const id = crypto.randomUUID();
      await db.transaction().execute(async (trx) => {
        if ((await auctions.lotsOf(streamId, trx)).length >= RUN_SHEET_MAX)
          throw new DomainError('CONFLICT', MSG.runSheetTooLong);
        await auctions.addLot(trx, host, input.productId, {
          id,
          streamId,
          startingBid: input.startingBid,
          seconds: input.seconds,
          closingStyle: input.closingStyle,
          position: await auctions.nextLotPosition(trx, streamId),
        });
      });
      changed(streamId);
      return shown(streamId, id);
    },

    /** A waiting or passed lot's starting bid, timer or closing style. */
    async editLot(host: UserRow, streamId: string, lotId: string, terms: LotTermsInput): Promise<Lot> {
      await hostedOpen(host, streamId);
      await lotOn(streamId, lotId);
      const edited = await db.transaction().execute((trx) => auctions.editLot(trx, lotId, terms));
      if (!edited) throw new DomainError('CONFLICT', MSG.lotNotEditable);
      changed(streamId);
      return shown(streamId, lotId);
    },

    /** A waiting or passed lot off the run sheet; its product goes back to the shop. */
    async dropLot(host: UserRow, streamId: string, lotId: string): Promise<void> {
      const row = await hostedOpen(host, streamId);
      await lotOn(streamId, lotId);
      await db.transaction().execute(async (trx) => {
        if (!(await auctions.dropLot(trx, lotId))) throw new DomainError('CONFLICT', MSG.lotNotEditable);
        // The lot on screen is the first left on the run sheet once it is gone.
        if (row.auction_id === lotId) {
          const next = (await auctions.lotsOf(streamId, trx))[0];
          if (next) await q.putOnScreen(trx, streamId, next.id);
        }
      });
      changed(streamId);
    },

    /**
     * The waiting and passed lots in a new order: exactly those, each once (else the run sheet
     * changed meanwhile). Running and sold lots keep their places; the others fill the rest.
     */
    async reorderLots(host: UserRow, streamId: string, lotIds: string[]): Promise<{ lots: Lot[] }> {
      const row = await hostedOpen(host, streamId);
      await db.transaction().execute(async (trx) => {
        const lots = await auctions.lotsOf(streamId, trx);
        const movable = lots.filter((l) => l.status === 'waiting' || l.status === 'passed');
        const named = new Set(lotIds);
        if (named.size !== lotIds.length || named.size !== movable.length || movable.some((l) => !named.has(l.id)))
          throw new DomainError('CONFLICT', MSG.runSheetMismatch);
        const slots = movable.map((l) => l.position);
        await auctions.moveLots(
          trx,
          lotIds.map((id, i) => [id, slots[i]!] as const),
        );
        // Before any lot has run, the lot on screen is the first on the run sheet.
        if (lots.find((l) => l.id === row.auction_id)?.status === 'waiting')
          await q.putOnScreen(trx, streamId, lotIds[0]!);
      });
      changed(streamId);
      const lots = await auctions.lotsOf(streamId);
      return { lots: await Promise.all(lots.map(deps.withClip)) };
    },
  };
}
