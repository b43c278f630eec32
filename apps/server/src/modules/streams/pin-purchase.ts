import { IdempotencyKeySchema, MSG, type PinCard } from '@souq/shared';
import { isUniqueViolation } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { firstImageKey } from '../../media/image-keys.js';
import type { PinsDeps } from './pins.js';
import * as q from './pins-queries.js';

/** What a purchase answers; a retry under the same Idempotency-Key gets the first one's again. */
export interface Purchase {
  order: { id: string; status: string };
  pin: PinCard;
}

/** The pin board's card and announcement, so a bought unit reaches the room as a pin or an unpin does. */
interface PinBoard {
  card(row: q.PinRow): PinCard;
  announce(streamId: string): Promise<PinCard[]>;
}

/**
 * Buying one unit of a pinned item (ADR 0036): one unit, for a verified viewer who is not the
 * host, while the show is live. The count and the order line are one transaction: a unit is
 * never sold without its line, nor twice.
 */
export function createPinPurchase(deps: Pick<PinsDeps, 'db' | 'dialect' | 'clock' | 'ports'>, board: PinBoard) {
  const { db, dialect, clock, ports } = deps;
  const { card, announce } = board;

  return async function buy(
    user: UserRow,
    streamId: string,
    pinId: string,
    idempotencyKey?: string,
  ): Promise<Purchase> {
    const parsedKey = idempotencyKey === undefined ? undefined : IdempotencyKeySchema.safeParse(idempotencyKey);
    if (parsedKey && !parsedKey.success) throw new DomainError('VALIDATION_FAILED', MSG.idempotencyKeyInvalid);
    const key = parsedKey?.data;
    if (!user.email_verified_at) throw new DomainError('EMAIL_NOT_VERIFIED', MSG.verificationRequired);
    const show = await q.findShow(db, streamId, dialect);
    if (!show) throw new DomainError('NOT_FOUND', MSG.streamNotFound);
    if (show.host_id === user.id) throw new DomainError('FORBIDDEN', MSG.hostCannotBuy);
    if (show.status === 'scheduled') throw new DomainError('CONFLICT', MSG.showNotLiveYet);
    if (show.status !== 'live') throw new DomainError('CONFLICT', MSG.streamNotLive);
    if (await q.isBanned(db, streamId, user.id)) throw new DomainError('FORBIDDEN', MSG.removedFromStream);

    const scope = `pin:${pinId}`;
    const answered = async () => {
      const prior = key ? await q.findKey(db, user.id, scope, key) : undefined;
      return prior ? (JSON.parse(prior.response) as Purchase) : undefined;
    };
    const prior = await answered();
    if (prior) return prior;

    let purchase: Purchase;
    try {
      purchase = await db.transaction().execute(async (trx) => {
        const now = clock.iso();
        if (!(await q.takeUnit(trx, streamId, pinId, now))) {
          const pin = await q.pinExists(trx, streamId, pinId);
          if (!pin) throw new DomainError('NOT_FOUND', MSG.pinNotFound);
          if (pin.sold < pin.stock && pin.flash_ends_at !== null && pin.flash_ends_at <= now)
            throw new DomainError('CONFLICT', MSG.flashEnded);
          throw new DomainError('CONFLICT', MSG.pinSoldOut);
        }
        const row = (await q.pinsOf(trx, streamId)).find((p) => p.id === pinId);
        // Its product was hidden by staff since it was pinned: the unit taken above rolls back.
        if (!row) throw new DomainError('CONFLICT', MSG.listingHidden);
        // Over a flash sale's limit for this buyer: the unit taken above rolls back too.
        if (row.per_buyer !== null && !(await q.countBuyerUnit(trx, pinId, user.id, Number(row.per_buyer))))
          throw new DomainError('CONFLICT', MSG.flashLimitReached);
        const order = await ports.orders.addToShowOrder(trx, {
          buyerId: user.id,
          streamId,
          line: {
            productId: row.product_id,
            sellerId: row.owner_id,
            title: row.title,
            imageKey: firstImageKey(row.images),
            unitPrice: Number(row.price),
          },
        });
        const answer = { order, pin: card(row) };
        if (key)
          await q.recordKey(trx, {
            user_id: user.id,
            scope,
            key,
            request_hash: '',
            response: JSON.stringify(answer),
            created_at: clock.iso(),
          });
        return answer;
      });
    } catch (error) {
      // The same key raced in from a second request: that one bought, and this is its retry.
      if (key && isUniqueViolation(error)) {
        const raced = await answered();
        if (raced) return raced;
      }
      throw error;
    }
    await announce(streamId);
    return purchase;
  };
}
