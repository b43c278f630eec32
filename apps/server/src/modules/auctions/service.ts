import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  AUCTION_DURATIONS,
  MAX_AUCTION_MS,
  MIN_AUCTION_MS,
  MSG,
  auctionPath,
  minimumNextBid,
  type AuctionDetail,
  type AuctionListQuery,
  type AuctionLive,
  type AuctionSort,
  type AuctionSummary,
  type AuctionUpdate,
  type BidEntry,
  type Page,
  type PageQuery,
  type StartAuctionInput,
} from '@souq/shared';
import type { Mailer } from '../../adapters/mail/index.js';
import type { DialectName } from '../../db/database.js';
import type { DB, UserRow } from '../../db/schema.js';
import { withAfterCommit, type OnCommit } from '../../lib/after-commit.js';
import '../../lib/listings.js';
import type { Clock } from '../../lib/clock.js';
import { decodeCursor, encodeCursor, pageOf } from '../../lib/cursor.js';
import { DomainError } from '../../lib/errors.js';
import { recipientLocale } from '../../lib/locale.js';
import { cancelledMail, cancelledNews } from './emails.js';
import type { DomainEvent, Publish } from '../../lib/events.js';
import { mailLater } from '../../lib/mail-later.js';
import { decodeImageKeys, firstImageKey } from '../../media/image-keys.js';
import { PLACEHOLDER_IMAGE, type MediaService } from '../../media/media-service.js';
import type { AccountsPort } from '../accounts/port.js';
import type { CatalogPort } from '../catalog/port.js';
import type { NotificationsPort } from '../notifications/port.js';
import type { OrdersPort } from '../orders/port.js';
import { createBidding, type BidCounts, type BidGate } from './bidding.js';
import { createLots, type NewAuctionTerms } from './lots.js';
import { reserveMet } from './engine.js';
import { brief, live } from './live.js';
import * as q from './queries.js';
import { coalesceChanges } from './update-coalescer.js';
import { createStrikes } from './strikes.js';
import { createWins } from './wins.js';

declare module '../../lib/events.js' {
  interface DomainEvents {
    /** An auction's state moved on (a bid, an extension, its close); sockets in its room hear it. */
    'auction.changed': { auctionId: string; streamId: string | null; update: AuctionUpdate };
  }
}

const IDEMPOTENCY_TTL_MS = 24 * 3600_000;
/** How many due auctions one close run takes before looking again. */
const CLOSE_BATCH = 50;

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

export interface AuctionsDeps {
  db: Kysely<DB>;
  dialect: DialectName;
  clock: Clock;
  media: MediaService;
  mailer: Mailer;
  publicUrl: string;
  publish: Publish;
  log: { warn(obj: unknown, msg: string): void };
  ports: { accounts: AccountsPort; catalog: CatalogPort; orders: OrdersPort; notifications: NotificationsPort };
  /** What a close sets off beyond the auction: flows/auction-close.ts. */
  onClosed: OnAuctionClosed;
  bidCounts: BidCounts;
  /** Winners who don't pay (issue 31): the second-chance offer's life and the strike rule. */
  unpaid: { secondChanceMs: number; strikeWindowMs: number; suspensionMs: number };
}

/** An auction that has just closed, as what its close sets off needs to know it. */
export interface ClosedAuction {
  id: string;
  title: string;
  sellerId: string;
  productId: string | null;
  imageKey: string | null;
  /** The highest bid, if there was one. */
  price: number | null;
  /** Who won, when it sold (a bid that met the reserve). */
  winner: { id: string; username: string | null } | null;
  /** The show it was a lot of (issue 30); null for a timed auction. */
  streamId: string | null;
}

/**
 * What an auction's close sets off in other modules, inside the close's transaction: a sold
 * auction has its winner's order exactly when it is sold, on either database.
 */
export type OnAuctionClosed = (trx: Transaction<DB>, closed: ClosedAuction, onCommit: OnCommit) => Promise<void>;

type Row = NonNullable<Awaited<ReturnType<typeof q.findAuction>>>;

export type AuctionsService = ReturnType<typeof createAuctionsService>;

export function createAuctionsService(deps: AuctionsDeps) {
  const { db, dialect, clock, media, ports } = deps;
  /** A group's bids reach the watchers as one update (in order with closes and cancellations). */
  const publishChange = coalesceChanges((event: Extract<DomainEvent, { type: 'auction.changed' }>) =>
    deps.publish(event),
  );

  function summary(row: Row): AuctionSummary {
    return {
      id: row.id,
      productId: row.product_id,
      title: row.title,
      category: row.category,
      image: media.firstImageOf(row.images),
      startingBid: row.starting_bid,
      currentBid: row.current_bid,
      bidCount: row.bid_count,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      status: row.status,
      seller: { id: row.seller_id, username: row.seller_username, profilePic: media.avatarUrl(row.seller_avatar) },
    };
  }

  const liveOf = (row: Row) => live(row, brief(row.leader_id, row.leader_username, media.avatarUrl(row.leader_avatar)));

  const strikes = createStrikes({
    db,
    clock,
    accounts: ports.accounts,
    rule: { windowMs: deps.unpaid.strikeWindowMs, suspensionMs: deps.unpaid.suspensionMs },
  });
  const wins = createWins({
    db,
    clock,
    ports,
    strikes,
    mailLater: mailLater(deps.mailer, deps.log, 'unpaid-win mail failed'),
    publicUrl: deps.publicUrl,
    avatarUrl: media.avatarUrl,
    secondChanceMs: deps.unpaid.secondChanceMs,
  });
  const gates: BidGate[] = [];
  /** What a later module (streams) does when one of its lots closes, added as it starts. */
  const lotCloseHooks: OnAuctionClosed[] = [];
  const bidding = createBidding({
    db,
    dialect,
    clock,
    publicUrl: deps.publicUrl,
    publishChange,
    notifications: ports.notifications.notifyWith,
    contactsOf: ports.accounts.contactsOf,
    mailLater: mailLater(deps.mailer, deps.log, 'auction mail failed'),
    avatarUrl: media.avatarUrl,
    // Two strikes suspend bidding (issue 31): auctions' own rule, first, on every bid however it comes.
    biddingRefusal: strikes.refusalOf,
    gates,
    counts: deps.bidCounts,
  });

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

  /**
   * Closes one auction inside the caller's transaction if it is still open and due (or now, when
   * `early`: a live stream ended before its timer); false when another closer got there first.
   * What the close means elsewhere (a sold auction's order, who is told) is `onClosed`'s.
   */
  async function closeIn(trx: Transaction<DB>, id: string, onCommit: OnCommit, early = false): Promise<boolean> {
    const row = await q.lockAuction(trx, id, dialect);
    const now = clock.iso();
    if (!row || row.status !== 'open' || (row.ends_at > now && !early)) return false;
    if (row.ends_at > now) await q.endEarly(trx, id, now);
    const sold = row.leader_id !== null && reserveMet(row.current_bid, row.reserve_price);
    const winnerId = sold ? row.leader_id : null;
    if (!(await q.closeAuction(trx, id, row.seq, now, { status: sold ? 'sold' : 'unsold', winner_id: winnerId })))
      return false;
    const closed = { ...row, status: sold ? ('sold' as const) : ('unsold' as const), seq: row.seq + 1 };
    const closedAuction: ClosedAuction = {
      id,
      title: row.title,
      sellerId: row.seller_id,
      productId: row.product_id,
      imageKey: firstImageKey(row.images),
      price: row.current_bid,
      winner: winnerId ? { id: winnerId, username: row.leader_username } : null,
      streamId: row.stream_id,
    };
    await deps.onClosed(trx, closedAuction, onCommit);
    // A show's lot: the show says so in its chat, in the same transaction, so exactly once.
    if (row.stream_id) for (const hook of lotCloseHooks) await hook(trx, closedAuction, onCommit);
    const update: AuctionUpdate = {
      auction: liveOf({ ...closed, ends_at: row.ends_at > now ? now : row.ends_at }),
      bids: [],
      reason: 'closed',
      serverTime: now,
    };
    onCommit(() => publishChange({ type: 'auction.changed', auctionId: id, streamId: row.stream_id, update }));
    return true;
  }

  const closeOne = (id: string) =>
    withAfterCommit((onCommit) => db.transaction().execute((trx) => closeIn(trx, id, onCommit)));

  /** The product's own checks and the new auction's row, for a timed auction and a stream's alike. */
  async function openAuction(
    trx: Transaction<DB>,
    user: UserRow,
    productId: string,
    terms: NewAuctionTerms,
  ): Promise<{ title: string; category: string }> {
    const product = await ports.catalog.forAuction(trx, productId);
    if (!product) throw new DomainError('NOT_FOUND', MSG.productNotFound);
    if (product.ownerId !== user.id) throw new DomainError('FORBIDDEN', MSG.notProductOwner);
    if (product.isAuction) {
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
    });
    if (!(await ports.catalog.setAuction(trx, productId, terms.id, product.relatedAuction)))
      throw new DomainError('CONFLICT', MSG.alreadyOnAuction);
    return { title: product.title, category: product.category };
  }

  /**
   * Staff cancel an auction still open or waiting, whatever its bids (a suspension, a hidden lot):
   * its product back on the seller's shelf, everyone who bid told in their bell and by mail in
   * their language once it commits. False when it was already decided.
   */
  async function cancelTellingBidders(
    trx: Transaction<DB>,
    a: { id: string; title: string; product_id: string | null; stream_id: string | null },
    onCommit: OnCommit,
  ): Promise<boolean> {
    const now = clock.iso();
    if (!(await q.cancelUndecided(trx, a.id, now))) return false;
    if (a.product_id) await ports.catalog.setAuction(trx, a.product_id, null, a.id);
    const bidders = await q.biddersOf(trx, a.id);
    const contacts = await ports.accounts.contactsOf(trx, bidders);
    await ports.notifications.notify(
      trx,
      onCommit,
      contacts.map((c) => ({
        userId: c.id,
        kind: 'auction_cancelled' as const,
        subject: a.id,
        ...cancelledNews(recipientLocale(c.locale), a.title),
        link: auctionPath(a.id),
      })),
    );
    const mail = mailLater(deps.mailer, deps.log, 'auction mail failed');
    for (const c of contacts)
      mail(onCommit, cancelledMail(deps.publicUrl, c.email, c.username, a.title, recipientLocale(c.locale)));
    const row = await q.findAuction(trx, a.id);
    if (row) {
      const update: AuctionUpdate = { auction: liveOf(row), bids: [], reason: 'cancelled', serverTime: now };
      onCommit(() => publishChange({ type: 'auction.changed', auctionId: a.id, streamId: a.stream_id, update }));
    }
    return true;
  }

  const lots = createLots({ db, dialect, clock, media, catalog: ports.catalog, openAuction });

  /**
   * Staff hide an auction. A show's lot still to be decided leaves the show as a dropped one
   * does (waiting or passed) or as a suspension cancels one (running: bidders told), and its
   * product goes back to its owner hidden, so it does not come back to the shop under another
   * listing. Answers the show the lot left, for the streams module to tell the room; else null.
   */
  async function hideAuction(
    trx: Transaction<DB>,
    id: string,
    reason: string,
    onCommit: OnCommit,
  ): Promise<string | null> {
    await q.setHidden(trx, id, { at: clock.iso(), reason });
    const row = await q.findAuction(trx, id);
    if (!row || row.kind !== 'live' || !row.stream_id) return null;
    // A passed lot could be run again: it leaves the run sheet too.
    const left = row.status === 'unsold' ? await lots.dropLot(trx, id) : await cancelTellingBidders(trx, row, onCommit);
    if (!left) return null;
    if (row.product_id) await ports.catalog.hideProduct(trx, row.product_id, reason);
    return row.stream_id;
  }

  return {
    summary,
    ...lots,
    /** Streams: what a show does when one of its lots closes (its chat line, its room told). */
    onLotClosed: (hook: OnAuctionClosed) => void lotCloseHooks.push(hook),

    isOnOpenAuction: (productId: string) => q.isOpenForProduct(db, productId),

    /** Move to Auction (owner, verified): the product leaves the shop while the auction runs. */
    async start(user: UserRow, productId: string, input: StartAuctionInput): Promise<{ id: string }> {
      const endsAt = endOf(input);
      const id = crypto.randomUUID();
      const product = await db.transaction().execute((trx) =>
        openAuction(trx, user, productId, {
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

    /** Stops the bidding now, in the caller's transaction: the highest bid so far wins. */
    closeNow: (trx: Transaction<DB>, id: string, onCommit: OnCommit) => closeIn(trx, id, onCommit, true),

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

    // Winners who don't pay (issue 31, ADR 0037): wins.ts and strikes.ts.
    sweepUnpaidWins: wins.sweep,
    askCancel: wins.askCancel,
    answerCancel: wins.answerCancel,
    offerSecondChance: wins.offerSecondChance,
    answerSecondChance: wins.answerSecondChance,
    myStrikes: (user: UserRow) => strikes.mine(user.id),
    struckPeople: () => strikes.struckPeople(media.avatarUrl),
    /** Streams: a pre-bid left by a suspended bidder is refused as a bid would be. */
    assertMayBid: strikes.assertMayBid,
    keepSuspensionsOnRows: strikes.keepSuspensionsOnRows,

    /** One bid, decided with the others that arrive with it on the same auction (bidding.ts). */
    placeBid: bidding.placeBid,
    /** A module that keeps a rule on who may bid (streams: removed viewers) adds it here as it starts. */
    addBidGate: (gate: BidGate) => void gates.push(gate),

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

    /**
     * The closer's one run: every due auction closes in its own transaction, claimed by a
     * conditional update, so several instances may run this at once and each auction closes once.
     * Returns how soon the next auction ends, so the close is on time.
     */
    async closeDue(): Promise<number> {
      const due = await q.dueAuctions(db, clock.iso(), CLOSE_BATCH);
      for (const { id } of due) await closeOne(id);
      if (due.length === CLOSE_BATCH) return 0;
      const next = await q.nextEnd(db);
      return next === undefined ? Number.POSITIVE_INFINITY : Math.max(0, Date.parse(next) - clock.now().getTime());
    },

    // Reports (issue 31): staff hide an auction and show it again; the queue shows reported ones.
    hideAuction,
    /**
     * Staff hid a product that is on a show's run sheet: its lot leaves the show as if the lot
     * itself were hidden (a listing is one thing, whichever page it was reported from). Answers
     * each lot that left, with its show.
     */
    async hideLotsOfProduct(trx: Transaction<DB>, productId: string, reason: string, onCommit: OnCommit) {
      const left: Array<{ lotId: string; streamId: string }> = [];
      for (const { id } of await q.undecidedLotsOf(trx, productId)) {
        const streamId = await hideAuction(trx, id, reason, onCommit);
        if (streamId) left.push({ lotId: id, streamId });
      }
      return left;
    },
    /**
     * Shows a hidden auction again. A show's lot that left its show stays cancelled (the show has
     * moved on), but its product, hidden with it, is the owner's to sell again.
     */
    async unhideAuction(trx: Transaction<DB>, id: string): Promise<boolean> {
      if (!(await q.setHidden(trx, id, null))) return false;
      const row = await q.findAuction(trx, id);
      if (row?.kind === 'live' && row.status === 'cancelled' && row.product_id)
        await ports.catalog.unhideProduct(trx, row.product_id);
      return true;
    },
    async reportedAuctions(ids: string[]) {
      return (await q.reportedAuctions(db, ids)).map((r) => ({
        id: r.id,
        title: r.title,
        image: media.imagesOf(r.images)[0]?.thumb ?? null,
        hiddenAt: r.hidden_at,
        owner: { id: r.seller_id, username: r.seller_username, profilePic: media.avatarUrl(r.seller_avatar) },
      }));
    },

    /**
     * A suspended seller's auctions still to be decided are cancelled in the suspension's
     * transaction (issue 31), bids or not: its products go back to the seller's shelf, and
     * everyone who bid is told in their bell and by mail, in their language, once it commits.
     */
    async cancelForSuspension(trx: Transaction<DB>, sellerId: string, onCommit: OnCommit): Promise<number> {
      let cancelled = 0;
      for (const a of await q.undecidedOf(trx, sellerId)) if (await cancelTellingBidders(trx, a, onCommit)) cancelled++;
      return cancelled;
    },

    // For You: candidates, signals and cards (the feed module ranks; auctions own their rows).
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

    async sweepIdempotencyKeys(): Promise<void> {
      await q.deleteIdempotentBefore(db, clock.iso(-IDEMPOTENCY_TTL_MS));
    },
  };
}
