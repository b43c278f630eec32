import crypto from 'node:crypto';
import { IdempotencyKeySchema, MSG, type BidInput, type BidResult } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { withAfterCommit } from '../../lib/after-commit.js';
import { refuseIfSuspended } from '../../lib/suspension.js';
import { DomainError } from '../../lib/errors.js';
import { laneBatches, type Settled } from '../../lib/lane-batches.js';
import { Lru } from '../../lib/lru.js';

import {
  EndPassedBeforeCommit,
  decideAndWrite,
  type AuctionState,
  type BiddingDeps,
  type PendingBid,
} from './bid-batch.js';

export type { BidCounts, BidGate, BiddingDeps } from './bid-batch.js';

/** Auctions whose state a process remembers between batches: the ones being bid on. */
const REMEMBERED_AUCTIONS = 256;

/**
 * Bids (ADR 0026): the bids that arrive together on one auction are decided together, in memory,
 * and written in one transaction: the new price, the bid rows (each with the next sequence
 * number), the bidders' maxima, the notifications, the outbid-mail slots and the idempotency
 * records, one statement on PostgreSQL. Nobody hears back before it commits. A retry with the same
 * Idempotency-Key gets the first answer and bids nothing more.
 *
 * A batch is decided on the auction as this process's last batch left it, without reading or
 * locking it: the write's WHERE names the sequence number it was decided on, and every change to
 * an auction (a bid, a close, a cancellation) moves that number. If the write does not go
 * through, or fails, the batch is decided again on the auction read under its lock. On
 * PostgreSQL such a batch needs no transaction: its writes are one statement, which commits alone.
 */
export function createBidding(deps: BiddingDeps) {
  const { db, dialect, clock } = deps;
  const remembered = new Lru<string, AuctionState>(REMEMBERED_AUCTIONS);

  async function placeBatch(id: string, pending: PendingBid[]): Promise<Array<Settled<BidResult>>> {
    for (;;) {
      const known = remembered.get(id);
      try {
        const { outcomes, after } = await withAfterCommit((onCommit) =>
          known && dialect === 'postgres'
            ? decideAndWrite(deps, db, id, pending, onCommit, known)
            : db.transaction().execute((trx) => decideAndWrite(deps, trx, id, pending, onCommit, known)),
        );
        remembered.set(id, after);
        return outcomes;
      } catch (error) {
        // Nothing was stored. Decided on remembered state, the auction has moved on (another
        // instance's bids) or a retry's first attempt has committed elsewhere: read it and decide
        // again. Decided again past the end, every new bid is refused as closed, while a retry of
        // one stored earlier still gets its first answer.
        if (known) {
          remembered.deleteIf(id, known);
          continue;
        }
        if (!(error instanceof EndPassedBeforeCommit)) throw error;
      }
    }
  }

  const place = laneBatches(placeBatch);

  return {
    /** `input` is parsed where the bid came in: the route by its contract, a chat line by the streams module. */
    async placeBid(user: UserRow, id: string, input: BidInput, idempotencyKey?: string): Promise<BidResult> {
      try {
        // Suspended by staff (issue 31): the session's own row says so, no query needed.
        refuseIfSuspended(user, clock.iso());
        const key = idempotencyKey === undefined ? undefined : IdempotencyKeySchema.safeParse(idempotencyKey);
        if (key && !key.success) throw new DomainError('VALIDATION_FAILED', MSG.idempotencyKeyInvalid);
        // What a retry must repeat to get the first answer; only a bid sent with a key is compared.
        const requestHash = key
          ? crypto
              .createHash('sha256')
              .update(JSON.stringify([id, input.amount, input.maxAmount ?? null]))
              .digest('hex')
          : '';
        const result = await place(id, {
          user,
          amount: input.amount,
          maxAmount: input.maxAmount,
          key: key?.data,
          requestHash,
        });
        deps.counts.accepted();
        return result;
      } catch (error) {
        deps.counts.refused(error instanceof DomainError ? error.code : 'internal');
        throw error;
      }
    },
  };
}
