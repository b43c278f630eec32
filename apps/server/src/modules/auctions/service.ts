import type { AuctionUpdate } from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { mailLater } from '../../lib/mail-later.js';
import '../../lib/listings.js';
import { createBidding } from './bidding.js';
import { createClosing } from './closing.js';
import { createLots } from './lots.js';
import { createModeration } from './moderation.js';
import { createAuctionFeedReads, createAuctionReads } from './reads.js';
import { auctionViews, type AuctionParts, type AuctionsDeps } from './parts.js';
import * as q from './queries.js';
import { createSelling } from './selling.js';
import { createStrikes } from './strikes.js';
import { coalesceChanges } from './update-coalescer.js';
import { createWins } from './wins.js';

declare module '../../lib/events.js' {
  interface DomainEvents {
    /** An auction's state moved on (a bid, an extension, its close); sockets in its room hear it. */
    'auction.changed': { auctionId: string; streamId: string | null; update: AuctionUpdate };
  }
}

export type { AuctionsDeps, ClosedAuction, OnAuctionClosed } from './parts.js';

/** How long a bid's idempotency key is remembered. */
const IDEMPOTENCY_TTL_MS = 24 * 3600_000;

export type AuctionsService = ReturnType<typeof createAuctionsService>;

/**
 * Auctions, joined from their parts: selling (selling.ts), bidding (bidding.ts), the close
 * (closing.ts), a show's lots (lots.ts), winners who don't pay (wins.ts, strikes.ts), staff's side
 * (moderation.ts) and the reads pages show (reads.ts).
 */
export function createAuctionsService(deps: AuctionsDeps) {
  const { db, dialect, clock, media, ports } = deps;
  const parts: AuctionParts = {
    db,
    dialect,
    clock,
    media,
    ports,
    views: auctionViews(media),
    publishChange: coalesceChanges((event) => deps.publish(event)),
  };
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
    unpaidWin: deps.unpaidWin,
  });
  const bidding = createBidding({
    db,
    dialect,
    clock,
    publicUrl: deps.publicUrl,
    publishChange: parts.publishChange,
    notifications: ports.notifications.notifyWith,
    contactsOf: ports.accounts.contactsOf,
    mailLater: mailLater(deps.mailer, deps.log, 'auction mail failed'),
    avatarUrl: media.avatarUrl,
    // Two strikes suspend bidding (issue 31): auctions' own rule, first, on every bid however it comes.
    biddingRefusal: strikes.refusalOf,
    gates: deps.bidGates,
    counts: deps.bidCounts,
  });
  const selling = createSelling({ ...parts, publish: deps.publish, wins });
  const lots = createLots({ db, dialect, clock, media, catalog: ports.catalog, openAuction: selling.openAuction });

  return {
    summary: parts.views.summary,
    ...lots,
    ...selling.members,
    ...createClosing({ ...parts, onClosed: deps.onClosed, lotClosedHooks: deps.lotClosedHooks }),
    ...createAuctionReads({ ...parts, wins }),
    ...createAuctionFeedReads(parts),
    ...createModeration({
      ...parts,
      mailer: deps.mailer,
      log: deps.log,
      publicUrl: deps.publicUrl,
      dropLot: lots.dropLot,
    }),

    isOnOpenAuction: (productId: string) => q.isOpenForProduct(db, productId),

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
    async sweepIdempotencyKeys(): Promise<void> {
      await q.deleteIdempotentBefore(db, clock.iso(-IDEMPOTENCY_TTL_MS));
    },
  };
}
