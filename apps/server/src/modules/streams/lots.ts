import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  MSG,
  RUN_SHEET_MAX,
  bidAtLeast,
  formatAED,
  soldTo,
  type ChatMessage,
  type Lot,
  type LotTermsInput,
  type NewLotInput,
} from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import { withAfterCommit } from '../../lib/after-commit.js';
import type { Clock } from '../../lib/clock.js';
import { DomainError } from '../../lib/errors.js';
import type { Publish } from '../../lib/events.js';
import type { AuctionsPort, OnAuctionClosed } from '../auctions/port.js';
import * as lq from './lots-queries.js';
import * as q from './queries.js';

declare module '../../lib/events.js' {
  interface DomainEvents {
    /** A show's run sheet changed (a lot added, moved, dropped, run, sold or passed): the room hears it whole. */
    'stream.lots': { streamId: string };
  }
}

export interface RunSheetDeps {
  db: Kysely<DB>;
  clock: Clock;
  publish: Publish;
  log: { warn(obj: unknown, msg: string): void };
  auctions: AuctionsPort;
  avatarUrl: (key: string | null) => string;
  /** The show, or NOT_FOUND; the host's own show, or FORBIDDEN. */
  mustFind(id: string): Promise<q.StreamRow>;
  hosted(user: UserRow, id: string): Promise<q.StreamRow>;
  /** A lot as the room sees it (its clip included). */
  withClip(lot: Omit<Lot, 'clip'>): Promise<Lot>;
}

/**
 * A show's run sheet (ADR 0036): the host adds, changes, drops, reorders and runs lots; viewers
 * leave pre-bids on waiting ones. Each lot is an auction (the auctions module keeps its rows and
 * its bids); what is decided here is who may do what to it, and when.
 */
export function createRunSheet(deps: RunSheetDeps) {
  const { db, clock, auctions } = deps;
  const changed = (streamId: string) => deps.publish({ type: 'stream.lots', streamId });

  /** The host's show, not over (a scheduled one is still being prepared). */
  async function hostedOpen(host: UserRow, id: string) {
    const row = await deps.hosted(host, id);
    if (row.status === 'ended') throw new DomainError('CONFLICT', MSG.streamNotLive);
    return row;
  }

  /** A lot of this show, as the auctions module keeps it (held until `held` ends, when given). */
  async function lotOn(streamId: string, lotId: string, held?: Transaction<DB>) {
    const lot = await auctions.lotOf(lotId, held);
    if (!lot || lot.streamId !== streamId) throw new DomainError('NOT_FOUND', MSG.lotNotFound);
    return lot;
  }

  const shown = async (streamId: string, lotId: string) => deps.withClip(await lotOn(streamId, lotId));

  /** The running lot changes hands: every pre-bid, oldest first, bids as a proxy bid from the next minimum. */
  async function placePrebids(lotId: string): Promise<void> {
    const prebids = await lq.prebidsOf(db, lotId);
    if (!prebids.length) return;
    const users = new Map(
      (
        await q.usersByIds(
          db,
          prebids.map((p) => p.user_id),
        )
      ).map((u) => [u.id, u]),
    );
    for (const prebid of prebids) {
      const user = users.get(prebid.user_id);
      const state = await auctions.liveState(lotId);
      if (!state || state.status !== 'open') return;
      const maxAmount = Number(prebid.max_amount);
      // The starting bid rose since, or the bidding passed it: this maximum cannot bid.
      if (!user || maxAmount < state.minimumBid) continue;
      await auctions.placeBid(user, lotId, { amount: state.minimumBid, maxAmount }).catch((error: unknown) => {
        // A removed viewer, a leader already past it, a chat bid that took the step: one pre-bid
        // fewer, never a lot that does not run.
        if (!(error instanceof DomainError)) deps.log.warn({ err: error }, 'placing a pre-bid failed');
      });
    }
  }

  /**
   * When one of a show's lots closes, in the close's own transaction (so exactly once, however
   * many instances run the close job): the hammer line in the chat, and the room told after commit.
   */
  const onLotClosed: OnAuctionClosed = async (trx, closed, onCommit) => {
    if (!closed.streamId) return;
    const streamId = closed.streamId;
    const who = closed.winner?.id ?? closed.sellerId;
    const person = await q.userBrief(trx, who);
    if (!person) return;
    const sold = closed.winner !== null && closed.price !== null;
    const message: ChatMessage = {
      id: crypto.randomUUID(),
      kind: sold ? 'sold' : 'passed',
      text: sold ? soldTo(person.username, formatAED(closed.price!)) : `Passed: ${closed.title}`,
      amount: sold ? closed.price : null,
      user: { id: person.id, username: person.username, profilePic: deps.avatarUrl(person.avatar_key) },
      lotTitle: closed.title,
      createdAt: clock.iso(),
    };
    await q.insertMessage(trx, {
      id: message.id,
      stream_id: streamId,
      user_id: who,
      kind: message.kind,
      text: message.text,
      amount: message.amount,
      created_at: message.createdAt,
      deleted_at: null,
      lot_title: closed.title,
    });
    onCommit(() => {
      deps.publish({ type: 'stream.message', streamId, message });
      changed(streamId);
    });
  };

  return {
    onLotClosed,

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

    /**
     * The host runs a lot (a passed one again) now: on screen, open for its timer, and then its
     * pre-bids bid, oldest first. One lot at a time, and only in a live show.
     */
    async startLot(host: UserRow, streamId: string, lotId: string): Promise<Lot> {
      const row = await hostedOpen(host, streamId);
      if (row.status === 'scheduled') throw new DomainError('CONFLICT', MSG.showNotLiveYet);
      const lot = await lotOn(streamId, lotId);
      if (lot.status === 'sold') throw new DomainError('CONFLICT', MSG.lotNotStartable);
      await withAfterCommit((onCommit) =>
        db.transaction().execute(async (trx) => {
          // First the show's own row: two starts at once wait for each other here.
          if (!(await q.putOnScreen(trx, streamId, lotId, 'live')))
            throw new DomainError('CONFLICT', MSG.streamNotLive);
          if ((await lq.lotIdsIn(trx, streamId, 'open')).length)
            throw new DomainError('CONFLICT', MSG.lotAlreadyRunning);
          if (!(await auctions.openLot(trx, lotId))) throw new DomainError('CONFLICT', MSG.lotNotStartable);
          onCommit(() => changed(streamId));
        }),
      );
      await placePrebids(lotId);
      return shown(streamId, lotId);
    },

    /** A verified viewer's maximum on a waiting lot, placed as a proxy bid when it runs. */
    async prebid(user: UserRow, streamId: string, lotId: string, maxAmount: number): Promise<{ maxAmount: number }> {
      const row = await deps.mustFind(streamId);
      if (row.host_id === user.id) throw new DomainError('FORBIDDEN', MSG.prebidOwnShow);
      if (await q.isBanned(db, streamId, user.id)) throw new DomainError('FORBIDDEN', MSG.removedCannotBid);
      // Two unpaid-item strikes suspend bidding (issue 31): a pre-bid is a bid left early.
      await auctions.assertMayBid(user.id);
      // The lot is read and held until the pre-bid is written (issue 42): a start either waits for
      // it and then places it, or went first and the lot is seen running. Never acknowledged and dropped.
      await db.transaction().execute(async (trx) => {
        const lot = await lotOn(streamId, lotId, trx);
        if (lot.status === 'running') throw new DomainError('CONFLICT', MSG.prebidLotRunning);
        if (row.status === 'ended' || lot.status !== 'waiting') throw new DomainError('CONFLICT', MSG.prebidNotOpen);
        if (maxAmount < lot.startingBid) {
          const message = bidAtLeast(formatAED(lot.startingBid));
          throw new DomainError('VALIDATION_FAILED', message, { maxAmount: message });
        }
        await lq.upsertPrebid(trx, {
          auction_id: lotId,
          user_id: user.id,
          max_amount: maxAmount,
          created_at: clock.iso(),
        });
      });
      return { maxAmount };
    },

    /** The show is over: its running lot closes now (the highest bid wins), its waiting lots go back to the shop. */
    async closeRunSheet(trx: Transaction<DB>, streamId: string, onCommit: Parameters<OnAuctionClosed>[2]) {
      for (const id of await lq.lotIdsIn(trx, streamId, 'open')) await auctions.closeNow(trx, id, onCommit);
      for (const id of await lq.lotIdsIn(trx, streamId, 'pending')) await auctions.dropLot(trx, id);
      onCommit(() => changed(streamId));
    },
  };
}

export type RunSheet = ReturnType<typeof createRunSheet>;
