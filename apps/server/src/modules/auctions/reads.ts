import {
  MSG,
  minimumNextBid,
  type AuctionDetail,
  type AuctionListQuery,
  type AuctionLive,
  type AuctionSort,
  type AuctionSummary,
  type BidEntry,
  type Page,
  type PageQuery,
} from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { decodeCursor, encodeCursor, pageOf } from '../../lib/cursor.js';
import { DomainError } from '../../lib/errors.js';
import { decodeImageKeys } from '../../media/image-keys.js';
import { PLACEHOLDER_IMAGE } from '../../media/media-service.js';
import type { AuctionParts } from './parts.js';
import * as q from './queries.js';
import type { Wins } from './wins.js';

const SORTS: Record<AuctionSort, { column: q.AuctionSortColumn; direction: 'asc' | 'desc' }> = {
  ending: { column: 'ends_at', direction: 'asc' },
  newest: { column: 'created_at', direction: 'desc' },
  'price-asc': { column: 'sort_price', direction: 'asc' },
  'price-desc': { column: 'sort_price', direction: 'desc' },
  'title-asc': { column: 'title_key', direction: 'asc' },
  'title-desc': { column: 'title_key', direction: 'desc' },
};
const CURSOR_FITS: Record<q.AuctionSortColumn, (v: string | number) => boolean> = {
  ends_at: (v) => typeof v === 'string',
  created_at: (v) => typeof v === 'string',
  title_key: (v) => typeof v === 'string',
  sort_price: Number.isSafeInteger,
};

/** Auctions as pages show them: the list, a seller's, one auction's page and its bids, and For You's candidates and cards. */
export function createAuctionReads(deps: AuctionParts & { wins: Pick<Wins, 'forAuctionPage'> }) {
  const { db, clock, media, ports, wins } = deps;
  const { summary, liveOf } = deps.views;

  return {
    /** The live state of an auction (a stream's page shows it as the stream's highest bid). */
    async liveState(id: string): Promise<AuctionLive | undefined> {
      const row = await q.findAuction(db, id);
      return row ? liveOf(row) : undefined;
    },

    async list(input: AuctionListQuery): Promise<Page<AuctionSummary>> {
      const sort = SORTS[input.sort];
      const after = decodeCursor(input.cursor);
      if (after && !CURSOR_FITS[sort.column](after[0])) throw new DomainError('VALIDATION_FAILED', MSG.invalidCursor);
      const rows = await q.openPage(db, { category: input.category }, sort, input.limit + 1, after);
      return pageOf(rows, input.limit, summary, (r) => encodeCursor(r[sort.column], r.id));
    },

    async bySeller(sellerId: string, { cursor }: PageQuery): Promise<Page<AuctionSummary>> {
      const after = decodeCursor(cursor);
      if (after && (typeof after[0] !== 'string' || !/^[01]\|/.test(after[0])))
        throw new DomainError('VALIDATION_FAILED', MSG.invalidCursor);
      const rows = await q.sellerPage(db, sellerId, 25, after);
      return pageOf(rows, 24, summary, (r) => encodeCursor(`${r.open_rank}|${r.created_at}`, r.id));
    },

    async detail(viewer: UserRow | null, id: string): Promise<AuctionDetail> {
      const row = await q.findAuction(db, id);
      if (!row) throw new DomainError('NOT_FOUND', MSG.auctionNotFound);
      const isOwner = viewer?.id === row.seller_id;
      // Hidden by staff (issue 31): gone for everyone but its seller, who reads why.
      if (row.hidden_at !== null && !isOwner) throw new DomainError('NOT_FOUND', MSG.auctionNotFound);
      const isWinner = viewer !== null && viewer.id === row.winner_id;
      const [product, myMaxBid, order, lost] = await Promise.all([
        row.product_id ? ports.catalog.forAuctionPage(row.product_id) : null,
        viewer ? q.maxBidOf(db, id, viewer.id) : null,
        row.status === 'sold' && (isOwner || isWinner) ? ports.orders.orderOfAuction(id) : undefined,
        wins.forAuctionPage(row, viewer?.id ?? null),
      ]);
      const images = media.imagesOf(row.images);
      return {
        ...summary(row),
        ...liveOf(row),
        description: product?.description ?? null,
        images: images.length ? images : [PLACEHOLDER_IMAGE],
        closingStyle: row.closing_style,
        hasReserve: row.reserve_price !== null,
        serverTime: clock.iso(),
        isOwner,
        myMaxBid,
        amLeading: viewer !== null && viewer.id === row.leader_id,
        // The winner sees their own order; after a second chance the newest order is the runner-up's.
        order:
          order && (isOwner || order.buyer_id === viewer?.id)
            ? {
                id: order.id,
                status: order.status,
                completeBy: order.complete_by,
                cancelAsked: order.status === 'awaiting_address' && order.cancel_asked_at !== null,
                cancelReason: order.cancel_reason,
              }
            : null,
        secondChance: lost.secondChance,
        runnerUp: lost.runnerUp,
        canCancel: isOwner && row.status === 'open' && row.bid_count === 0,
        // Once the product went back to the shop or onto a newer auction, this one has nothing left to relist.
        canRelist:
          isOwner &&
          product?.relatedAuction === id &&
          (row.status === 'unsold' ||
            // A sale lost to an unpaid (or cancelled) order, with no second-chance offer standing or taken (issue 31).
            (lost.lostSale && lost.secondChance?.status !== 'open' && lost.secondChance?.status !== 'accepted')),
        hidden: row.hidden_at === null ? null : { at: row.hidden_at, reason: row.hidden_reason ?? '' },
      };
    },

    async bids(id: string, { cursor }: PageQuery): Promise<Page<BidEntry>> {
      const before = decodeCursor(cursor);
      // The cursor is the last bid's sequence number, with the auction's id as its row id.
      if (before && (!Number.isSafeInteger(before[0]) || before[1] !== id))
        throw new DomainError('VALIDATION_FAILED', MSG.invalidCursor);
      if (!(await q.findAuction(db, id))) throw new DomainError('NOT_FOUND', MSG.auctionNotFound);
      const rows = await q.bidsPage(db, id, 26, before ? Number(before[0]) : undefined);
      return pageOf(
        rows,
        25,
        (r) => ({
          seq: r.seq,
          amount: r.amount,
          auto: r.auto === 1,
          createdAt: r.created_at,
          bidder: { id: r.bidder_id, username: r.username, profilePic: media.avatarUrl(r.avatar_key) },
        }),
        (r) => encodeCursor(r.seq, id),
      );
    },
  };
}

/** For You's candidates, signals and cards (the feed module ranks; auctions own their rows), and the files auctions name. */
export function createAuctionFeedReads(deps: Pick<AuctionParts, 'db' | 'clock' | 'media' | 'views'>) {
  const { db, clock, media } = deps;
  const { summary } = deps.views;
  return {
    feedCandidates: (opts: Omit<Parameters<typeof q.feedAuctions>[1], 'now'>) =>
      q.feedAuctions(db, { ...opts, now: clock.iso() }),
    bidSignals: (userId: string, limit: number) => q.bidSignals(db, userId, limit),
    ownersOf: async (ids: string[]) =>
      (await q.auctionsByIds(db, ids)).map((r) => ({ id: r.id, seller_id: r.seller_id, category: r.category })),
    /** Open, running auctions by id as cards; ended ones are left out. */
    async feedCards(ids: string[]) {
      const now = clock.iso();
      return (
        (await q.auctionsByIds(db, ids))
          // A pool the feed kept from before a hide still names it: the card is left out here.
          .filter((r) => r.status === 'open' && r.ends_at > now && r.hidden_at === null)
          .map((r) => ({
            auction: summary(r),
            images: media.imagesOf(r.images).slice(0, 6),
            minimumBid: minimumNextBid({ startingBid: r.starting_bid, currentBid: r.current_bid }),
          }))
      );
    },

    /** The stored files auctions show: both renditions of every photo they were listed with. */
    async referencedUploads(): Promise<string[]> {
      return (await q.imageColumns(db)).flatMap((row) =>
        decodeImageKeys(row.images).flatMap((key) => media.filesOfImage(key)),
      );
    },
  };
}
