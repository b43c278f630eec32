import type { Kysely, Transaction } from 'kysely';
import type { AuctionSummary } from '@souq/shared';
import type { Mailer } from '../../adapters/mail/index.js';
import type { DialectName } from '../../db/database.js';
import type { DB } from '../../db/schema.js';
import type { OnCommit } from '../../lib/after-commit.js';
import type { Clock } from '../../lib/clock.js';
import type { DomainEvent, Publish } from '../../lib/events.js';
import type { MediaService } from '../../media/media-service.js';
import type { AccountsPort } from '../accounts/port.js';
import type { CatalogPort } from '../catalog/port.js';
import type { NotificationsPort } from '../notifications/port.js';
import type { OrdersPort } from '../orders/port.js';
import type { BidCounts, BidGate } from './bidding.js';
import { brief, live } from './live.js';
import * as q from './queries.js';
import type { UnpaidWinFlow } from './wins.js';

export interface AuctionsDeps {
  db: Kysely<DB>;
  dialect: DialectName;
  clock: Clock;
  media: MediaService;
  mailer: Mailer;
  publicUrl: string;
  publish: Publish;
  log: { warn(obj: unknown, msg: string): void };
  /** Only what auctions asks of each (the unpaid-win flow asks orders for the rest itself). */
  ports: {
    accounts: Pick<AccountsPort, 'contactsOf' | 'raiseBiddingSuspension'>;
    catalog: Pick<CatalogPort, 'forAuction' | 'forAuctionPage' | 'hideProduct' | 'setAuction' | 'unhideProduct'>;
    orders: Pick<
      OrdersPort,
      'answerCancel' | 'askCancel' | 'createForSecondChance' | 'orderOf' | 'orderOfAuction' | 'partiesOf' | 'saleOf'
    >;
    notifications: Pick<NotificationsPort, 'notify' | 'notifyWith'>;
  };
  /** What a close sets off beyond the auction: flows/auction-close.ts. */
  onClosed: OnAuctionClosed;
  /** The flow that keeps winners to their deadline (flows/unpaid-win.ts). */
  unpaidWin: UnpaidWinFlow;
  /** The auctions' slots as later modules fill them (port.ts): who may not bid, and what a lot's close does in its show. */
  bidGates: readonly BidGate[];
  lotClosedHooks: readonly OnAuctionClosed[];
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
  /** A rehearsal's lot (issue 47): only the show's room hears of its close. */
  rehearsal: boolean;
}

/**
 * What an auction's close sets off in other modules, inside the close's transaction: a sold
 * auction has its winner's order exactly when it is sold, on either database.
 */
export type OnAuctionClosed = (trx: Transaction<DB>, closed: ClosedAuction, onCommit: OnCommit) => Promise<void>;

export type Row = NonNullable<Awaited<ReturnType<typeof q.findAuction>>>;

/** An auction row as its card (summary) and as its live state (liveOf): what every part shows. */
export function auctionViews(media: Pick<MediaService, 'firstImageOf' | 'avatarUrl'>) {
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

  return { summary, liveOf };
}

/** What each part of the service (service.ts joins them) is made from. */
export type AuctionParts = Pick<AuctionsDeps, 'db' | 'dialect' | 'clock' | 'media' | 'ports'> & {
  views: ReturnType<typeof auctionViews>;
  /** A group's bids reach the watchers as one update (in order with closes and cancellations). */
  publishChange: (event: Extract<DomainEvent, { type: 'auction.changed' }>) => void;
};
