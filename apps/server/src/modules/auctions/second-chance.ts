import crypto from 'node:crypto';
import { MSG, auctionPath, type SecondChanceOffer } from '@souq/shared';
import { isUniqueViolation } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { firstImageKey } from '../../media/image-keys.js';
import * as q from './queries.js';
import * as sq from './second-chance-queries.js';
import type { SecondChanceViews } from './second-chance-views.js';
import { secondChanceAnsweredNews, secondChanceNews } from './wins-news.js';
import type { WinsDeps, WinsTell } from './wins-tell.js';

/**
 * A lost sale's second life: the seller offers the item to the runner-up once, and the runner-up's
 * yes makes their order.
 */
export function createSecondChance(
  deps: Pick<WinsDeps, 'db' | 'clock' | 'ports' | 'secondChanceMs'>,
  { tell, inTransaction }: WinsTell,
  { offerView, lostSale }: Pick<SecondChanceViews, 'offerView' | 'lostSale'>,
) {
  const { db, clock, ports } = deps;

  return {
    /** The seller offers the item to the runner-up at their own highest bid; once per auction. */
    async offerSecondChance(user: UserRow, auctionId: string): Promise<SecondChanceOffer> {
      const id = crypto.randomUUID();
      try {
        await inTransaction(async (trx, onCommit) => {
          const auction = await q.findAuction(trx, auctionId);
          if (!auction) throw new DomainError('NOT_FOUND', MSG.auctionNotFound);
          if (auction.seller_id !== user.id) throw new DomainError('FORBIDDEN', MSG.notAuctionSeller);
          if (await sq.offerOfAuction(trx, auctionId)) throw new DomainError('CONFLICT', MSG.secondChanceAlreadySent);
          if (!auction.winner_id || !(await lostSale(trx, auction)))
            throw new DomainError('CONFLICT', MSG.secondChanceNotAllowed);
          const runnerUp = await sq.runnerUp(trx, auctionId, auction.winner_id);
          if (!runnerUp || runnerUp.bidder_id === user.id)
            throw new DomainError('CONFLICT', MSG.secondChanceNoRunnerUp);
          const amount = Number(runnerUp.amount);
          const expiresAt = clock.iso(deps.secondChanceMs);
          await sq.insertOffer(trx, {
            id,
            auction_id: auctionId,
            seller_id: user.id,
            bidder_id: runnerUp.bidder_id,
            amount,
            status: 'open',
            expires_at: expiresAt,
            created_at: clock.iso(),
            decided_at: null,
            order_id: null,
          });
          await tell(trx, onCommit, [
            {
              userId: runnerUp.bidder_id,
              kind: 'second_chance',
              subject: auctionId,
              link: auctionPath(auctionId),
              words: (l) => secondChanceNews(l, auction.title, amount, expiresAt),
              mail: true,
            },
          ]);
        });
      } catch (error) {
        // Two taps at once: the unique auction_id lets one offer in.
        if (isUniqueViolation(error)) throw new DomainError('CONFLICT', MSG.secondChanceAlreadySent);
        throw error;
      }
      return offerView((await sq.findOffer(db, id))!, user.id);
    },

    /** The runner-up's one tap: accepted makes their order (waiting for the address, with its own deadline). */
    async answerSecondChance(user: UserRow, offerId: string, accept: boolean): Promise<SecondChanceOffer> {
      await inTransaction(async (trx, onCommit) => {
        const offer = await sq.findOffer(trx, offerId);
        if (!offer || offer.bidder_id !== user.id) throw new DomainError('NOT_FOUND', MSG.offerNotFound);
        if (!(await sq.decideOffer(trx, offerId, user.id, accept ? 'accepted' : 'declined', clock.iso())))
          throw new DomainError('CONFLICT', MSG.offerNotOpen);
        const auction = (await q.findAuction(trx, offer.auction_id))!;
        if (accept) {
          // Relisted meanwhile (only possible once the offer had lapsed, but checked where it is decided).
          if (!(await lostSale(trx, auction))) throw new DomainError('CONFLICT', MSG.offerNotOpen);
          const orderId = await ports.orders.createForSecondChance(trx, {
            offerId,
            auctionId: auction.id,
            buyerId: user.id,
            sellerId: auction.seller_id,
            productId: auction.product_id,
            title: auction.title,
            imageKey: firstImageKey(auction.images),
            price: offer.amount,
          });
          await sq.setOfferOrder(trx, offerId, orderId);
        }
        await tell(trx, onCommit, [
          {
            userId: auction.seller_id,
            kind: 'offer_answered',
            subject: auction.id,
            link: auctionPath(auction.id),
            words: (l) => secondChanceAnsweredNews(l, auction.title, accept, user.username),
            mail: accept,
          },
        ]);
      });
      return offerView((await sq.findOffer(db, offerId))!, user.id);
    },
  };
}
