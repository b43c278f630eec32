import { MSG } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { OffersDeps } from './deps.js';
import * as q from './queries.js';
import { toOffers } from './views.js';

/** The offer, if the person is its buyer or its seller; anyone else is told it does not exist. */
export async function partyTo(deps: Pick<OffersDeps, 'db'>, user: UserRow, id: string) {
  const offer = await q.offerById(deps.db, id);
  if (!offer || (offer.buyer_id !== user.id && offer.seller_id !== user.id))
    throw new DomainError('NOT_FOUND', MSG.priceOfferNotFound);
  return { offer, asSeller: offer.seller_id === user.id };
}

/** A move that lost to another tap or to the clock. */
export const notOpen = () => new DomainError('CONFLICT', MSG.priceOfferNotOpen);

/** One offer as it stands now, as both sides see it. */
export const offerNow = async (deps: Pick<OffersDeps, 'db' | 'accounts' | 'catalog' | 'media'>, id: string) =>
  (await toOffers(deps, [(await q.offerById(deps.db, id))!]))[0]!;
