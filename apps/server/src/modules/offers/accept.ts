import { MSG, OFFER_CHECKOUT_MS, type Offer } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { committing } from '../../lib/after-commit.js';
import type { OffersDeps } from './deps.js';
import { notOpen, offerNow, partyTo } from './parties.js';
import * as q from './queries.js';
import { tell } from './tell.js';
import { productFor } from './terms.js';
import { agreedPrice } from './views.js';

/** Accepting found no unit left: the offer is closed as sold elsewhere after the accept's transaction rolls back. */
class NoUnitLeft extends Error {}

/**
 * Accepting (ADR 0053): the seller accepts a waiting offer, or the buyer the seller's
 * counter, and one unit is taken for it by a single conditional update. When none is left (another
 * offer took the last one), the offer closes as sold elsewhere, its buyer is told, and the one who
 * tapped gets a 409.
 */
export function createAccept(deps: OffersDeps) {
  const { clock } = deps;

  /**
   * The offer an accept found no unit for: closed, and its buyer told the item sold, unless the
   * buyer is the one who tapped (their answer says so) or something else moved it first.
   */
  async function soldElsewhere(offer: q.OfferRow, from: 'pending' | 'countered', tellBuyer: boolean) {
    await committing(deps.db, async (trx, onCommit) => {
      const moved = await q.move(trx, offer.id, from, { status: 'sold_elsewhere', updated_at: clock.iso() });
      if (moved && tellBuyer) await tell(deps, trx, onCommit, offer, 'buyer', 'sold_elsewhere', agreedPrice(offer));
    });
  }

  return {
    async accept(user: UserRow, id: string): Promise<Offer> {
      const { offer, asSeller } = await partyTo(deps, user, id);
      const from = asSeller ? 'pending' : 'countered';
      if (offer.status !== from) throw notOpen();
      try {
        await committing(deps.db, async (trx, onCommit) => {
          const product = await productFor(deps, trx, offer.product_id);
          if (!product.purchasable) throw new DomainError('CONFLICT', MSG.offerFixedPriceOnly);
          const now = clock.iso();
          const to = { status: 'accepted', expires_at: clock.iso(OFFER_CHECKOUT_MS), updated_at: now };
          if (!(await q.move(trx, id, from, to, { notAfter: now }))) throw notOpen();
          if (!(await q.takeUnit(trx, offer.product_id))) throw new NoUnitLeft();
          const price = agreedPrice(offer);
          if (asSeller) await tell(deps, trx, onCommit, offer, 'buyer', 'accepted', price);
          else await tell(deps, trx, onCommit, offer, 'seller', 'counter_accepted', price);
        });
      } catch (error) {
        if (!(error instanceof NoUnitLeft)) throw error;
        await soldElsewhere(offer, from, asSeller);
        throw new DomainError('CONFLICT', asSeller ? MSG.offerNoUnitsLeft : MSG.offerSoldElsewhere);
      }
      return offerNow(deps, id);
    },
  };
}
