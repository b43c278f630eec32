import type { Transaction } from 'kysely';
import { auctionPath, type AuctionUpdate } from '@souq/shared';
import type { DB } from '../../db/schema.js';
import { type OnCommit } from '../../lib/after-commit.js';
import { recipientLocale } from '../../lib/locale.js';
import { mailLater } from '../../lib/mail-later.js';
import type { AuctionParts, AuctionsDeps } from './parts.js';
import { cancelledMail, cancelledNews } from './emails.js';
import * as q from './queries.js';

/**
 * Staff's side of auctions (issue 31): hiding one (a show's lot leaves its show), showing it again,
 * the reported ones in the queue, and a suspended seller's auctions cancelled with bidders told.
 */
export function createModeration(
  deps: AuctionParts &
    Pick<AuctionsDeps, 'mailer' | 'log' | 'publicUrl'> & {
      dropLot: (trx: Transaction<DB>, id: string) => Promise<boolean>;
    },
) {
  const { db, clock, media, ports, publishChange } = deps;
  const { liveOf } = deps.views;
  const lots = { dropLot: deps.dropLot };

  /**
   * Staff cancel an auction still open or waiting, whatever its bids (a suspension, a hidden lot):
   * its product back on the seller's shelf, everyone who bid told in their bell and by mail in
   * their language once it commits. False when it was already decided.
   */
  async function cancelTellingBidders(
    trx: Transaction<DB>,
    a: { id: string; title: string; product_id: string | null; stream_id: string | null },
    onCommit: OnCommit,
  ): Promise<boolean> {
    const now = clock.iso();
    if (!(await q.cancelUndecided(trx, a.id, now))) return false;
    if (a.product_id) await ports.catalog.setAuction(trx, a.product_id, null, a.id);
    const bidders = await q.biddersOf(trx, a.id);
    const contacts = await ports.accounts.contactsOf(trx, bidders);
    await ports.notifications.notify(
      trx,
      onCommit,
      contacts.map((c) => ({
        userId: c.id,
        kind: 'auction_cancelled' as const,
        subject: a.id,
        ...cancelledNews(recipientLocale(c.locale), a.title),
        link: auctionPath(a.id),
      })),
    );
    const mail = mailLater(deps.mailer, deps.log, 'auction mail failed');
    for (const c of contacts)
      mail(onCommit, cancelledMail(deps.publicUrl, c.email, c.username, a.title, recipientLocale(c.locale)));
    const row = await q.findAuction(trx, a.id);
    if (row) {
      const update: AuctionUpdate = { auction: liveOf(row), bids: [], reason: 'cancelled', serverTime: now };
      onCommit(() => publishChange({ type: 'auction.changed', auctionId: a.id, streamId: a.stream_id, update }));
    }
    return true;
  }

  /**
   * Staff hide an auction. A show's lot still to be decided leaves the show as a dropped one
   * does (waiting or passed) or as a suspension cancels one (running: bidders told), and its
   * product goes back to its owner hidden, so it does not come back to the shop under another
   * listing. Answers the show the lot left, for the streams module to tell the room; else null.
   */
  async function hideAuction(
    trx: Transaction<DB>,
    id: string,
    reason: string,
    onCommit: OnCommit,
  ): Promise<string | null> {
    await q.setHidden(trx, id, { at: clock.iso(), reason });
    const row = await q.findAuction(trx, id);
    if (!row || row.kind !== 'live' || !row.stream_id) return null;
    // A passed lot could be run again: it leaves the run sheet too.
    const left = row.status === 'unsold' ? await lots.dropLot(trx, id) : await cancelTellingBidders(trx, row, onCommit);
    if (!left) return null;
    if (row.product_id) await ports.catalog.hideProduct(trx, row.product_id, reason);
    return row.stream_id;
  }

  return {
    // Reports (issue 31): staff hide an auction and show it again; the queue shows reported ones.
    hideAuction,
    /**
     * Staff hid a product that is on a show's run sheet: its lot leaves the show as if the lot
     * itself were hidden (a listing is one thing, whichever page it was reported from). Answers
     * each lot that left, with its show.
     */
    async hideLotsOfProduct(trx: Transaction<DB>, productId: string, reason: string, onCommit: OnCommit) {
      const left: Array<{ lotId: string; streamId: string }> = [];
      for (const { id } of await q.undecidedLotsOf(trx, productId)) {
        const streamId = await hideAuction(trx, id, reason, onCommit);
        if (streamId) left.push({ lotId: id, streamId });
      }
      return left;
    },
    /**
     * Shows a hidden auction again. A show's lot that left its show stays cancelled (the show has
     * moved on), but its product, hidden with it, is the owner's to sell again.
     */
    async unhideAuction(trx: Transaction<DB>, id: string): Promise<boolean> {
      if (!(await q.setHidden(trx, id, null))) return false;
      const row = await q.findAuction(trx, id);
      if (row?.kind === 'live' && row.status === 'cancelled' && row.product_id)
        await ports.catalog.unhideProduct(trx, row.product_id);
      return true;
    },
    async reportedAuctions(ids: string[]) {
      return (await q.reportedAuctions(db, ids)).map((r) => ({
        id: r.id,
        title: r.title,
        image: media.imagesOf(r.images)[0]?.thumb ?? null,
        hiddenAt: r.hidden_at,
        owner: { id: r.seller_id, username: r.seller_username, profilePic: media.avatarUrl(r.seller_avatar) },
      }));
    },

    /**
     * A suspended seller's auctions still to be decided are cancelled in the suspension's
     * transaction (issue 31), bids or not: its products go back to the seller's shelf, and
     * everyone who bid is told in their bell and by mail, in their language, once it commits.
     */
    async cancelForSuspension(trx: Transaction<DB>, sellerId: string, onCommit: OnCommit): Promise<number> {
      let cancelled = 0;
      for (const a of await q.undecidedOf(trx, sellerId)) if (await cancelTellingBidders(trx, a, onCommit)) cancelled++;
      return cancelled;
    },
  };
}
