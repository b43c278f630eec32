import type { Transaction } from 'kysely';
import { type AuctionUpdate } from '@souq/shared';
import type { DB } from '../../db/schema.js';
import { committing, type OnCommit } from '../../lib/after-commit.js';
import { firstImageKey } from '../../media/image-keys.js';
import type { AuctionParts, ClosedAuction, OnAuctionClosed } from './parts.js';
import { reserveMet } from './engine.js';
import * as q from './queries.js';

/** How many due auctions one close run takes before looking again. */
const CLOSE_BATCH = 50;

/**
 * An auction's close: on time by the closer job, or now when a show's lot is stopped. What it
 * sets off elsewhere (the winner's order, who is told) is `onClosed`'s, a flow; a show adds what
 * its lots' closes do in the room (the `lotClosed` slot).
 */
export function createClosing(
  deps: AuctionParts & { onClosed: OnAuctionClosed; lotClosedHooks: readonly OnAuctionClosed[] },
) {
  const { db, dialect, clock, publishChange } = deps;
  const { liveOf } = deps.views;

  /**
   * Closes one auction inside the caller's transaction if it is still open and due (or now, when
   * `early`: a live stream ended before its timer); false when another closer got there first.
   * What the close means elsewhere (a sold auction's order, who is told) is `onClosed`'s.
   */
  async function closeIn(trx: Transaction<DB>, id: string, onCommit: OnCommit, early = false): Promise<boolean> {
    const row = await q.lockAuction(trx, id, dialect);
    const now = clock.iso();
    if (!row || row.status !== 'open' || (row.ends_at > now && !early)) return false;
    if (row.ends_at > now) await q.endEarly(trx, id, now);
    const sold = row.leader_id !== null && reserveMet(row.current_bid, row.reserve_price);
    const winnerId = sold ? row.leader_id : null;
    if (!(await q.closeAuction(trx, id, row.seq, now, { status: sold ? 'sold' : 'unsold', winner_id: winnerId })))
      return false;
    const closed = { ...row, status: sold ? ('sold' as const) : ('unsold' as const), seq: row.seq + 1 };
    const closedAuction: ClosedAuction = {
      id,
      title: row.title,
      sellerId: row.seller_id,
      productId: row.product_id,
      imageKey: firstImageKey(row.images),
      price: row.current_bid,
      winner: winnerId ? { id: winnerId, username: row.leader_username } : null,
      streamId: row.stream_id,
      rehearsal: row.rehearsal === 1,
    };
    // A rehearsal's sale is make-believe: no order, nobody told beyond the show's own room.
    if (!closedAuction.rehearsal) await deps.onClosed(trx, closedAuction, onCommit);
    // A show's lot: the show says so in its chat, in the same transaction, so exactly once.
    if (row.stream_id) for (const hook of deps.lotClosedHooks) await hook(trx, closedAuction, onCommit);
    const update: AuctionUpdate = {
      auction: liveOf({ ...closed, ends_at: row.ends_at > now ? now : row.ends_at }),
      bids: [],
      reason: 'closed',
      serverTime: now,
    };
    onCommit(() => publishChange({ type: 'auction.changed', auctionId: id, streamId: row.stream_id, update }));
    return true;
  }

  const closeOne = (id: string) => committing(db, (trx, onCommit) => closeIn(trx, id, onCommit));

  return {
    /** Stops the bidding now, in the caller's transaction: the highest bid so far wins. */
    closeNow: (trx: Transaction<DB>, id: string, onCommit: OnCommit) => closeIn(trx, id, onCommit, true),

    /**
     * The closer's one run: every due auction closes in its own transaction, claimed by a
     * conditional update, so several instances may run this at once and each auction closes once.
     * Returns how soon the next auction ends, so the close is on time.
     */
    async closeDue(): Promise<number> {
      const due = await q.dueAuctions(db, clock.iso(), CLOSE_BATCH);
      for (const { id } of due) await closeOne(id);
      if (due.length === CLOSE_BATCH) return 0;
      const next = await q.nextEnd(db);
      return next === undefined ? Number.POSITIVE_INFINITY : Math.max(0, Date.parse(next) - clock.now().getTime());
    },
  };
}
