import crypto from 'node:crypto';
import {
  FAILED_ATTEMPTS_TO_CANCEL,
  MSG,
  REFUSAL_DISPUTE_MS,
  type DeliveryAttemptInput,
  type DeliveryReplyInput,
  type LineDelivery,
  type MyDeliveries,
} from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { committing } from '../../lib/after-commit.js';
import { DomainError } from '../../lib/errors.js';
import type { DeliveryDeps, Trx } from './deps.js';
import * as q from './queries.js';
import { tellBuyer } from './tell.js';
import { isFailed, lineDeliveries } from './views.js';

/** The seller's line, shipped and so out for delivery; anything else is refused with its reason. */
async function shippedLine(deps: Pick<DeliveryDeps, 'orders'>, trx: Trx, sellerId: string, lineId: string) {
  const [line] = await deps.orders.deliveryLines([lineId], trx);
  if (!line || line.seller_id !== sellerId) throw new DomainError('NOT_FOUND', MSG.saleNotFound);
  if (line.status === 'delivered' || line.status === 'cancelled')
    throw new DomainError('CONFLICT', MSG.attemptOnFinished);
  if (line.status !== 'shipped') throw new DomainError('CONFLICT', MSG.attemptNeedsShipped);
  return line;
}

/** The buyer's own attempt; another person's is as good as missing. */
async function buyersAttempt(trx: Trx, buyerId: string, attemptId: string) {
  const attempt = await q.attemptById(trx, attemptId);
  if (!attempt || attempt.buyer_id !== buyerId) throw new DomainError('NOT_FOUND', MSG.attemptNotFound);
  return attempt;
}

const one = async (deps: DeliveryDeps, lineId: string, runner?: Trx): Promise<LineDelivery> =>
  (await lineDeliveries(deps, [lineId], runner))[0]!;

/**
 * Attempts at the door (issue 46): the seller records each one; a delivery moves the line on, a
 * failure tells the buyer, who answers it (a time, the address put right) or disputes a refusal.
 */
export function createAttempts(deps: DeliveryDeps) {
  const { db, clock } = deps;

  return {
    async record(seller: UserRow, lineId: string, input: DeliveryAttemptInput): Promise<LineDelivery> {
      await committing(deps.db, async (trx, onCommit) => {
        const line = await shippedLine(deps, trx, seller.id, lineId);
        if (input.outcome === 'delivered' && !(await deps.orders.deliverLine(trx, lineId, seller.id)))
          throw new DomainError('CONFLICT', MSG.attemptOnFinished);
        await q.insertAttempt(trx, {
          id: crypto.randomUUID(),
          line_id: lineId,
          order_id: line.order_id,
          seller_id: seller.id,
          buyer_id: line.buyer_id,
          outcome: input.outcome,
          reason: input.reason,
          created_at: clock.iso(),
          replied_at: null,
          reply_note: null,
          disputed_at: null,
          dispute_note: null,
          decision: null,
          decided_at: null,
        });
        if (input.outcome !== 'delivered')
          await tellBuyer(deps, trx, onCommit, {
            buyerId: line.buyer_id,
            lineId,
            notice: { kind: 'failed', outcome: input.outcome, title: line.title },
          });
      });
      return one(deps, lineId);
    },

    /** After two failed attempts: cancelled as "Delivery failed", credited like any cancel. */
    async cancelFailed(seller: UserRow, lineId: string): Promise<LineDelivery> {
      await committing(deps.db, async (trx, onCommit) => {
        const line = await shippedLine(deps, trx, seller.id, lineId);
        const failed = (await q.attemptsOfLines(trx, [lineId])).filter((a) => isFailed(a.outcome)).length;
        if (failed < FAILED_ATTEMPTS_TO_CANCEL) throw new DomainError('CONFLICT', MSG.deliveryFailedTooEarly);
        if (!(await deps.orders.cancelUndelivered(trx, lineId, seller.id)))
          throw new DomainError('CONFLICT', MSG.attemptOnFinished);
        await tellBuyer(deps, trx, onCommit, {
          buyerId: line.buyer_id,
          lineId,
          notice: { kind: 'cancelled', title: line.title },
        });
      });
      return one(deps, lineId);
    },

    /** The buyer answers a failed attempt once, the order's address put right with it if given. */
    async reply(buyer: UserRow, attemptId: string, input: DeliveryReplyInput): Promise<LineDelivery> {
      const lineId = await db.transaction().execute(async (trx) => {
        const attempt = await buyersAttempt(trx, buyer.id, attemptId);
        if (!isFailed(attempt.outcome)) throw new DomainError('CONFLICT', MSG.replyOnlyToFailed);
        const [line] = await deps.orders.deliveryLines([attempt.line_id], trx);
        if (line?.status !== 'shipped') throw new DomainError('CONFLICT', MSG.attemptOnFinished);
        if (!(await q.reply(trx, attemptId, buyer.id, input.note, input.address !== null, clock.iso())))
          throw new DomainError('CONFLICT', MSG.replyTwice);
        if (input.address && !(await deps.orders.correctAddress(trx, attempt.order_id, buyer.id, input.address)))
          throw new DomainError('CONFLICT', MSG.attemptOnFinished);
        return attempt.line_id;
      });
      return one(deps, lineId);
    },

    /** A refusal the buyer says did not happen as recorded, within 48 hours of it, once. */
    async dispute(buyer: UserRow, attemptId: string, note: string): Promise<LineDelivery> {
      const lineId = await db.transaction().execute(async (trx) => {
        const attempt = await buyersAttempt(trx, buyer.id, attemptId);
        if (attempt.outcome !== 'refused') throw new DomainError('CONFLICT', MSG.disputeOnlyRefusal);
        if (attempt.disputed_at) throw new DomainError('CONFLICT', MSG.disputeTwice);
        if (!(await q.dispute(trx, attemptId, buyer.id, note, clock.iso(), clock.iso(-REFUSAL_DISPUTE_MS))))
          throw new DomainError('CONFLICT', MSG.disputeTooLate);
        return attempt.line_id;
      });
      return one(deps, lineId);
    },

    async mine(user: UserRow): Promise<MyDeliveries> {
      const [bought, sold] = await Promise.all([
        q.linesWithAttempts(db, user.id, 'buyer_id'),
        q.linesWithAttempts(db, user.id, 'seller_id'),
      ]);
      const [asBuyer, asSeller] = await Promise.all([
        lineDeliveries(
          deps,
          bought.map((l) => l.line_id),
        ),
        lineDeliveries(
          deps,
          sold.map((l) => l.line_id),
        ),
      ]);
      return { asBuyer, asSeller };
    },
  };
}
