import crypto from 'node:crypto';
import type { Transaction } from 'kysely';
import { MSG, formatAED, soldTo, type ChatMessage, type Lot } from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import { withAfterCommit } from '../../lib/after-commit.js';
import { DomainError } from '../../lib/errors.js';
import type { OnAuctionClosed } from '../auctions/port.js';
import type { LotAccess, RunSheetDeps } from './lot-access.js';
import * as lq from './lots-queries.js';
import * as q from './queries.js';

/** A lot on the block: its start, its close (the hammer line) and the close of every lot when the show ends. */
export function createLotRunning(
  deps: RunSheetDeps,
  access: LotAccess,
  prebids: { placePrebids(lotId: string): Promise<void> },
) {
  const { db, clock, auctions } = deps;
  const { changed, hostedOpen, lotOn, shown } = access;

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
      await prebids.placePrebids(lotId);
      return shown(streamId, lotId);
    },

    /** The show is over: its running lot closes now (the highest bid wins), its waiting lots go back to the shop. */
    async closeRunSheet(trx: Transaction<DB>, streamId: string, onCommit: Parameters<OnAuctionClosed>[2]) {
      for (const id of await lq.lotIdsIn(trx, streamId, 'open')) await auctions.closeNow(trx, id, onCommit);
      for (const id of await lq.lotIdsIn(trx, streamId, 'pending')) await auctions.dropLot(trx, id);
      onCommit(() => changed(streamId));
    },
  };
}
