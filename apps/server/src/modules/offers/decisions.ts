import crypto from 'node:crypto';
import { MSG, OPEN_OFFERS_MAX, type Offer } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { committing } from '../../lib/after-commit.js';
import type { OffersDeps } from './deps.js';
import { notOpen, offerNow, partyTo } from './parties.js';
import * as q from './queries.js';
import { tell } from './tell.js';
import { productFor } from './terms.js';

/**
 * Making and answering offers (ADR 0053): the buyer offers, withdraws, and declines a counter; the
 * seller declines or counters (accepting is accept.ts). Every answer is a conditional move from the
 * status it was read in, so two taps (or a tap and the lapse job) change an offer once.
 */
export function createDecisions(deps: OffersDeps) {
  const { clock } = deps;
  const one = (id: string) => offerNow(deps, id);

  return {
    async make(buyer: UserRow, productId: string, amount: number): Promise<Offer> {
      const id = crypto.randomUUID();
      await committing(deps.db, async (trx, onCommit) => {
        const product = await productFor(deps, trx, productId);
        if (product.ownerId === buyer.id) throw new DomainError('FORBIDDEN', MSG.offerOnOwnItem);
        if (!product.purchasable) throw new DomainError('CONFLICT', MSG.offerFixedPriceOnly);
        if (amount >= product.price)
          throw new DomainError('VALIDATION_FAILED', MSG.offerBelowPrice, { amount: MSG.offerBelowPrice });
        const now = clock.iso();
        if (!(await q.holdOpenTerms(trx, productId, now))) throw new DomainError('CONFLICT', MSG.offersNotTaken);
        if ((await q.openOffersOf(trx, buyer.id, productId)) >= OPEN_OFFERS_MAX)
          throw new DomainError('CONFLICT', MSG.tooManyOpenOffers);
        const floor = (await q.termsOf(trx, productId))?.floor ?? null;
        // Under the floor it is declined at once, kindly, and the seller who set the floor is not disturbed.
        const belowFloor = floor !== null && amount < floor;
        const row = {
          id,
          product_id: productId,
          buyer_id: buyer.id,
          seller_id: product.ownerId,
          title: product.title,
          list_price: product.price,
          amount,
          counter_amount: null,
          status: belowFloor ? 'declined' : 'pending',
          declined: belowFloor ? 'below_floor' : null,
          created_at: now,
          updated_at: now,
          expires_at: belowFloor ? null : clock.iso(deps.offerMs),
          order_id: null,
        };
        await q.insertOffer(trx, row);
        if (belowFloor) await tell(deps, trx, onCommit, row, 'buyer', 'below_floor', amount);
        else await tell(deps, trx, onCommit, row, 'seller', 'received', amount);
      });
      return one(id);
    },

    /** The seller declines a waiting offer, or the buyer the seller's counter; the other side is told. */
    async decline(user: UserRow, id: string): Promise<Offer> {
      const { offer, asSeller } = await partyTo(deps, user, id);
      await committing(deps.db, async (trx, onCommit) => {
        const from = asSeller ? 'pending' : 'countered';
        const to = { status: 'declined', declined: asSeller ? 'seller' : 'buyer', updated_at: clock.iso() };
        if (!(await q.move(trx, id, from, to))) throw notOpen();
        if (asSeller) await tell(deps, trx, onCommit, offer, 'buyer', 'declined', offer.amount);
        else await tell(deps, trx, onCommit, offer, 'seller', 'counter_declined', offer.counter_amount ?? offer.amount);
      });
      return one(id);
    },

    /** The seller answers with an amount between the buyer's offer and the price; the buyer has OFFER_HOURS to answer it. */
    async counter(seller: UserRow, id: string, amount: number): Promise<Offer> {
      const { offer, asSeller } = await partyTo(deps, seller, id);
      if (!asSeller) throw new DomainError('NOT_FOUND', MSG.priceOfferNotFound);
      await committing(deps.db, async (trx, onCommit) => {
        const product = await productFor(deps, trx, offer.product_id);
        if (amount <= offer.amount || amount >= product.price)
          throw new DomainError('VALIDATION_FAILED', MSG.counterBetween, { amount: MSG.counterBetween });
        const now = clock.iso();
        const to = {
          status: 'countered',
          counter_amount: amount,
          expires_at: clock.iso(deps.offerMs),
          updated_at: now,
        };
        if (!(await q.move(trx, id, 'pending', to, { notAfter: now }))) throw notOpen();
        await tell(deps, trx, onCommit, offer, 'buyer', 'countered', amount);
      });
      return one(id);
    },

    /** The buyer takes back an offer still waiting, whether for the seller or on a counter. */
    async withdraw(buyer: UserRow, id: string): Promise<Offer> {
      const { offer, asSeller } = await partyTo(deps, buyer, id);
      if (asSeller) throw new DomainError('NOT_FOUND', MSG.priceOfferNotFound);
      await committing(deps.db, async (trx, onCommit) => {
        const to = { status: 'withdrawn', updated_at: clock.iso() };
        if (!(await q.move(trx, id, 'pending', to)) && !(await q.move(trx, id, 'countered', to))) throw notOpen();
        await tell(deps, trx, onCommit, offer, 'seller', 'withdrawn', offer.amount);
      });
      return one(id);
    },
  };
}
