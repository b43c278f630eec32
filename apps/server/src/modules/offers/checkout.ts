import { MSG, type OfferCheckoutInput, type Order } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { committing } from '../../lib/after-commit.js';
import type { OffersDeps } from './deps.js';
import * as q from './queries.js';
import { tell } from './tell.js';
import { productFor } from './terms.js';
import { agreedPrice } from './views.js';

/**
 * The buyer checks out an accepted offer (ADR 0053): within its 24 hours the offer moves
 * to ordered, its reserved unit is sold, and orders places the order at the agreed price through
 * their port, cash on delivery's limits and all, in one transaction. A second call answers the order.
 */
export function createOfferCheckout(deps: OffersDeps) {
  const { db, clock } = deps;

  /** Why an offer cannot be checked out now, or the order it already became. */
  async function settled(buyer: UserRow, id: string): Promise<Order> {
    const offer = await q.offerById(db, id);
    if (!offer || offer.buyer_id !== buyer.id) throw new DomainError('NOT_FOUND', MSG.priceOfferNotFound);
    if (offer.status === 'ordered' && offer.order_id) return deps.orders.orderOf(buyer.id, offer.order_id);
    // Accepted but past its 24 hours (the job has yet to let it go), or already let go: a checkout only meets these late.
    if (offer.status === 'accepted' || offer.status === 'lapsed')
      throw new DomainError('CONFLICT', MSG.offerCheckoutLapsed);
    throw new DomainError('CONFLICT', MSG.offerNotAccepted);
  }

  return {
    async checkout(buyer: UserRow, id: string, input: OfferCheckoutInput): Promise<{ order: Order; created: boolean }> {
      const offer = await q.offerById(db, id);
      if (!offer || offer.buyer_id !== buyer.id) throw new DomainError('NOT_FOUND', MSG.priceOfferNotFound);
      const orderId = await committing(deps.db, async (trx, onCommit) => {
        const product = await productFor(deps, trx, offer.product_id);
        if (!product.purchasable) throw new DomainError('CONFLICT', MSG.offerFixedPriceOnly);
        const now = clock.iso();
        const moved = await q.move(trx, id, 'accepted', { status: 'ordered', updated_at: now }, { notAfter: now });
        if (!moved) return null;
        if (!(await q.settleUnit(trx, offer.product_id, true))) throw new DomainError('CONFLICT', MSG.offerNotAccepted);
        const price = agreedPrice(offer);
        const placed = await deps.orders.createForOffer(trx, {
          offerId: id,
          buyerId: buyer.id,
          sellerId: offer.seller_id,
          productId: offer.product_id,
          title: offer.title,
          imageKey: product.imageKey,
          price,
          address: input.address,
        });
        await q.move(trx, id, 'ordered', { order_id: placed, updated_at: now });
        await tell(deps, trx, onCommit, offer, 'seller', 'checked_out', price);
        return placed;
      });
      if (orderId === null) return { order: await settled(buyer, id), created: false };
      return { order: await deps.orders.orderOf(buyer.id, orderId), created: true };
    },
  };
}
