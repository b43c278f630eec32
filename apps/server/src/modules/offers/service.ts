import type { MyOffers } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { createAccept } from './accept.js';
import { createOfferCheckout } from './checkout.js';
import { createDecisions } from './decisions.js';
import type { OffersDeps } from './deps.js';
import { createLapse } from './lapse.js';
import * as q from './queries.js';
import { createTerms } from './terms.js';
import { toOffers } from './views.js';

export type OffersService = ReturnType<typeof createOffersService>;

/** Offers on fixed-price items (ADR 0053), joined from their parts: terms, decisions, checkout and the lapse. */
export function createOffersService(deps: OffersDeps) {
  return {
    ...createTerms(deps),
    ...createDecisions(deps),
    ...createAccept(deps),
    ...createOfferCheckout(deps),
    ...createLapse(deps),

    async mine(user: UserRow): Promise<MyOffers> {
      const [made, received] = await Promise.all([
        q.offersOf(deps.db, 'buyer_id', user.id),
        q.offersOf(deps.db, 'seller_id', user.id),
      ]);
      return { made: await toOffers(deps, made), received: await toOffers(deps, received) };
    },
  };
}
