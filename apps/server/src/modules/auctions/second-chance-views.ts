import type { Kysely } from 'kysely';
import type { RunnerUp, SecondChanceOffer } from '@souq/shared';
import type { DB } from '../../db/schema.js';
import * as sq from './second-chance-queries.js';
import type { Trx, WinsDeps } from './wins-tell.js';

/**
 * What a sold auction whose sale was lost lets its seller and runner-up see and do, read by the
 * auction page and relisting as well as by the offers themselves.
 */
export function createSecondChanceViews(deps: Pick<WinsDeps, 'db' | 'clock' | 'ports' | 'avatarUrl'>) {
  const { db, clock, ports } = deps;

  function offerView(row: sq.OfferRow, viewerId: string | null): SecondChanceOffer {
    const expired = row.status === 'open' && row.expires_at <= clock.iso();
    return {
      id: row.id,
      status: expired ? 'expired' : row.status,
      amount: row.amount,
      expiresAt: row.expires_at,
      bidder: { id: row.bidder_id, username: row.username, profilePic: deps.avatarUrl(row.avatar_key) },
      toMe: viewerId === row.bidder_id,
      orderId: viewerId === row.bidder_id || viewerId === row.seller_id ? row.order_id : null,
    };
  }

  /**
   * Whether the seller may still act on this sold auction's lost sale: its order was cancelled
   * (unpaid, or at the winner's request) and the product is still tied to it (not relisted).
   */
  async function lostSale(runner: Kysely<DB>, auction: { id: string; status: string; product_id: string | null }) {
    if (auction.status !== 'sold' || !auction.product_id) return false;
    const order = await ports.orders.orderOfAuction(auction.id, runner);
    if (!order || order.status !== 'cancelled') return false;
    const product = await ports.catalog.forAuction(runner as Trx, auction.product_id);
    return product?.relatedAuction === auction.id;
  }

  return {
    offerView,
    lostSale,

    /** The auction page's part (issue 31): the offer for its seller and runner-up, or whom the seller may offer it to. */
    async forAuctionPage(
      auction: { id: string; status: string; product_id: string | null; seller_id: string; winner_id: string | null },
      viewerId: string | null,
    ): Promise<{ secondChance: SecondChanceOffer | null; runnerUp: RunnerUp | null; lostSale: boolean }> {
      const none = { secondChance: null, runnerUp: null, lostSale: false };
      if (!viewerId || auction.status !== 'sold') return none;
      const offer = await sq.offerOfAuction(db, auction.id);
      if (offer && (viewerId === offer.bidder_id || viewerId === auction.seller_id))
        return {
          secondChance: offerView(offer, viewerId),
          runnerUp: null,
          lostSale: viewerId === auction.seller_id && offer.status !== 'accepted' && (await lostSale(db, auction)),
        };
      if (viewerId !== auction.seller_id || offer || !auction.winner_id || !(await lostSale(db, auction))) return none;
      const r = await sq.runnerUp(db, auction.id, auction.winner_id);
      return {
        secondChance: null,
        runnerUp: r
          ? {
              bidder: { id: r.bidder_id, username: r.username, profilePic: deps.avatarUrl(r.avatar_key) },
              amount: Number(r.amount),
            }
          : null,
        lostSale: true,
      };
    },

    /** Whether the seller may relist a sold auction whose sale was lost: no offer standing or taken. */
    async mayRelistLostSale(runner: Kysely<DB>, auction: { id: string; status: string; product_id: string | null }) {
      if (!(await lostSale(runner, auction))) return false;
      const offer = await sq.offerOfAuction(runner, auction.id);
      return !offer || offer.status === 'declined' || (offer.status === 'open' && offer.expires_at <= clock.iso());
    },
  };
}

export type SecondChanceViews = ReturnType<typeof createSecondChanceViews>;
