import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  AUCTION_DURATIONS,
  MAX_AUCTION_MS,
  MIN_AUCTION_MS,
  MSG,
  auctionPath,
  type AuctionUpdate,
  type StartAuctionInput,
} from '@souq/shared';
import type { DB, UserRow } from '../../db/schema.js';
import { withAfterCommit } from '../../lib/after-commit.js';
import { DomainError } from '../../lib/errors.js';
import type { AuctionParts } from './parts.js';
import type { NewAuctionTerms } from './lots.js';
import * as q from './queries.js';
import type { Wins } from './wins.js';
import type { Publish } from '../../lib/events.js';

/** The product's own checks and the new auction's row, for a timed auction and a stream's alike. */
export async function openAuction(
  { clock, ports, wins }: Pick<AuctionParts, 'clock' | 'ports'> & { wins: Pick<Wins, 'mayRelistLostSale'> },
  trx: Transaction<DB>,
  user: UserRow,
  productId: string,
  terms: NewAuctionTerms,
): Promise<{ title: string; category: string }> {
  const product = await ports.catalog.forAuction(trx, productId);
  if (!product) throw new DomainError('NOT_FOUND', MSG.productNotFound);
  if (product.ownerId !== user.id) throw new DomainError('FORBIDDEN', MSG.notProductOwner);
  // A rehearsal's lot only borrows the product's title and photos: it stays as it is in the shop.
  if (product.isAuction && !terms.rehearsal) {
    // Relisting: allowed only after the last auction ended unsold.
    const previous = product.relatedAuction ? await q.findAuction(trx, product.relatedAuction) : undefined;
    // …or after its sale was lost to an unpaid or cancelled order, with no second chance standing (issue 31).
    const relistable = previous && (previous.status === 'unsold' || (await wins.mayRelistLostSale(trx, previous)));
    if (!relistable) throw new DomainError('CONFLICT', MSG.alreadyOnAuction);
  }
  const now = clock.iso();
  await q.insertAuction(trx, {
    id: terms.id,
    product_id: productId,
    seller_id: user.id,
    title: product.title,
    title_key: product.titleKey,
    category: product.category,
    images: product.images,
    starting_bid: terms.startingBid,
    reserve_price: terms.reservePrice,
    current_bid: null,
    sort_price: terms.startingBid,
    leader_id: null,
    leader_max: null,
    closing_style: terms.closingStyle,
    starts_at: now,
    ends_at: terms.endsAt.toISOString(),
    status: terms.status ?? 'open',
    winner_id: null,
    closed_at: null,
    created_at: now,
    kind: terms.kind,
    stream_id: terms.streamId,
    lot_position: terms.lotPosition ?? null,
    lot_seconds: terms.lotSeconds ?? null,
    rehearsal: terms.rehearsal ? 1 : 0,
  });
  if (terms.rehearsal) return { title: product.title, category: product.category };
  if (!(await ports.catalog.setAuction(trx, productId, terms.id, product.relatedAuction)))
    throw new DomainError('CONFLICT', MSG.alreadyOnAuction);
  return { title: product.title, category: product.category };
}

/** A seller's timed auction: started from their product, cancelled before a bid, relisted at the fixed price. */
type OpenArgs = Parameters<typeof openAuction> extends [unknown, ...infer Rest] ? Rest : never;

export function createSelling(deps: AuctionParts & { publish: Publish; wins: Pick<Wins, 'mayRelistLostSale'> }) {
  const { db, dialect, clock, ports, publishChange, wins } = deps;
  const { liveOf } = deps.views;

  /** The end a new auction asks for, checked against the server's clock. */
  function endOf(input: { duration: keyof typeof AUCTION_DURATIONS | 'custom'; endsAt?: string }): Date {
    const now = clock.now().getTime();
    const end = input.duration === 'custom' ? Date.parse(input.endsAt!) : now + AUCTION_DURATIONS[input.duration].ms;
    if (end < now + MIN_AUCTION_MS)
      throw new DomainError('VALIDATION_FAILED', MSG.chooseEndDate, { endsAt: MSG.chooseEndDate });
    if (end > now + MAX_AUCTION_MS)
      throw new DomainError('VALIDATION_FAILED', MSG.endDateTooFar, { endsAt: MSG.endDateTooFar });
    return new Date(end);
  }

  async function sellerOwned(user: UserRow, trx: Kysely<DB>, id: string) {
    const row = await q.lockAuction(trx, id, dialect);
    if (!row) throw new DomainError('NOT_FOUND', MSG.auctionNotFound);
    if (row.seller_id !== user.id) throw new DomainError('FORBIDDEN', MSG.notAuctionSeller);
    return row;
  }

  return {
    openAuction: (...args: OpenArgs) => openAuction(deps, ...args),
    members: {
      /** Move to Auction (owner, verified): the product leaves the shop while the auction runs. */
      async start(user: UserRow, productId: string, input: StartAuctionInput): Promise<{ id: string }> {
        const endsAt = endOf(input);
        const id = crypto.randomUUID();
        const product = await db.transaction().execute((trx) =>
          openAuction(deps, trx, user, productId, {
            id,
            startingBid: input.startingBid,
            reservePrice: input.reservePrice ?? null,
            closingStyle: input.closingStyle,
            endsAt,
            kind: 'timed',
            streamId: null,
          }),
        );
        // Committed: saved-search alerts may hear of it (ADR 0040).
        deps.publish({
          type: 'listing.published',
          listing: {
            kind: 'auction',
            id,
            sellerId: user.id,
            title: product.title,
            texts: [product.title, product.category],
            category: product.category,
            price: input.startingBid,
            link: auctionPath(id),
          },
        });
        return { id };
      },

      /** Seller, before the first bid: the auction is withdrawn and the product goes back to the shop. */
      async cancel(user: UserRow, id: string): Promise<void> {
        await withAfterCommit((onCommit) =>
          db.transaction().execute(async (trx) => {
            const row = await sellerOwned(user, trx, id);
            if (row.status !== 'open') throw new DomainError('CONFLICT', MSG.auctionNotCancellable);
            if (row.bid_count > 0) throw new DomainError('CONFLICT', MSG.auctionHasBids);
            const now = clock.iso();
            if (!(await q.cancelAuction(trx, id, user.id, now)))
              throw new DomainError('CONFLICT', MSG.auctionNotCancellable);
            if (row.product_id) await ports.catalog.setAuction(trx, row.product_id, null, id);
            const update: AuctionUpdate = {
              auction: liveOf({ ...row, status: 'cancelled', seq: row.seq + 1 }),
              bids: [],
              reason: 'cancelled',
              serverTime: now,
            };
            onCommit(() => publishChange({ type: 'auction.changed', auctionId: id, streamId: row.stream_id, update }));
          }),
        );
      },

      /** Seller, after an auction ended unsold: the product goes back to the shop at its fixed price. */
      async relistFixed(user: UserRow, id: string): Promise<{ productId: string }> {
        return db.transaction().execute(async (trx) => {
          const row = await sellerOwned(user, trx, id);
          const relistable = row.status === 'unsold' || (await wins.mayRelistLostSale(trx, row));
          if (!relistable || !row.product_id) throw new DomainError('CONFLICT', MSG.auctionNotRelistable);
          if (!(await ports.catalog.setAuction(trx, row.product_id, null, id)))
            throw new DomainError('CONFLICT', MSG.auctionNotRelistable);
          return { productId: row.product_id };
        });
      },
    },
  };
}
