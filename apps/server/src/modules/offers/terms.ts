import { MSG, type OfferTermsInput, type OfferTermsView } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { OffersDeps, Trx } from './deps.js';
import * as q from './queries.js';

/** The product as offers need it, read in the caller's transaction; a missing one is 404. */
export async function productFor(deps: Pick<OffersDeps, 'catalog'>, trx: Trx, productId: string) {
  const [product] = await deps.catalog.pricesFor(trx, [productId]);
  if (!product) throw new DomainError('NOT_FOUND', MSG.productNotFound);
  return product;
}

/** The seller's terms for offers on each of their products (ADR 0053): set by the owner, read by anyone. */
export function createTerms(deps: OffersDeps) {
  const { db, clock } = deps;

  async function view(trx: Trx, viewer: UserRow | null, productId: string): Promise<OfferTermsView> {
    const product = await productFor(deps, trx, productId);
    const terms = await q.termsOf(trx, productId);
    const allow = !!terms?.allow && product.purchasable;
    const mine =
      viewer?.id === product.ownerId
        ? {
            floor: terms?.floor ?? null,
            units: terms?.units ?? 1,
            reserved: terms?.reserved ?? 0,
            sold: terms?.sold ?? 0,
          }
        : null;
    return { allow, available: allow && terms ? terms.units - terms.reserved - terms.sold : 0, mine };
  }

  return {
    terms: (viewer: UserRow | null, productId: string) =>
      db.transaction().execute((trx) => view(trx, viewer, productId)),

    async setTerms(seller: UserRow, productId: string, input: OfferTermsInput): Promise<OfferTermsView> {
      return db.transaction().execute(async (trx) => {
        const product = await productFor(deps, trx, productId);
        if (product.ownerId !== seller.id) throw new DomainError('FORBIDDEN', MSG.notProductOwner);
        if (input.allow && !product.purchasable) throw new DomainError('CONFLICT', MSG.offerFixedPriceOnly);
        if (input.floor !== null && input.floor >= product.price)
          throw new DomainError('VALIDATION_FAILED', MSG.offerFloorBelowPrice, { floor: MSG.offerFloorBelowPrice });
        const row = {
          allow: input.allow ? 1 : 0,
          floor: input.floor,
          units: input.units,
          updated_at: clock.iso(),
        };
        // Conditional on the units already taken, which an accept may be adding to right now.
        if (!(await q.updateTerms(trx, productId, row))) {
          if (await q.termsOf(trx, productId)) throw new DomainError('CONFLICT', MSG.offerUnitsBelowTaken);
          await q.insertTerms(trx, { product_id: productId, seller_id: seller.id, reserved: 0, sold: 0, ...row });
        }
        return view(trx, seller, productId);
      });
    },
  };
}
