import type { AuctionStatus, ClosingStyle } from '../auctions.js';
import type { ImageUrls, UserBrief } from './catalog.js';

/** A card on /auction and on a seller's "View Auctions" tab. */
export interface AuctionSummary {
  id: string;
  productId: string | null;
  title: string;
  category: string;
  image: ImageUrls;
  startingBid: number;
  /** Null until the first bid. */
  currentBid: number | null;
  bidCount: number;
  startsAt: string;
  endsAt: string;
  status: AuctionStatus;
  seller: UserBrief;
}

/** What changes while an auction runs: a bid, an extension, the close. Sent over the socket too. */
export interface AuctionLive {
  id: string;
  /** The auction's event sequence number: a client that sees a gap re-fetches. */
  seq: number;
  currentBid: number | null;
  bidCount: number;
  minimumBid: number;
  endsAt: string;
  status: AuctionStatus;
  /** The highest bidder now; once closed, the winner if it sold. */
  leader: UserBrief | null;
  reserveMet: boolean;
}

export interface AuctionDetail extends AuctionSummary, AuctionLive {
  description: string | null;
  images: ImageUrls[];
  closingStyle: ClosingStyle;
  hasReserve: boolean;
  /** The server's clock when this was read: the page counts down against it. */
  serverTime: string;
  isOwner: boolean;
  /** Only the bidder sees their own maximum. */
  myMaxBid: number | null;
  amLeading: boolean;
  /** The winner's order, shown only to the winner and the seller. */
  order: { id: string; status: string } | null;
  /** Seller actions the server would allow now. */
  canCancel: boolean;
  canRelist: boolean;
}

export interface BidEntry {
  seq: number;
  bidder: UserBrief;
  amount: number;
  /** Placed by the server from the bidder's maximum. */
  auto: boolean;
  createdAt: string;
}

/** The answer to a bid: the auction as it stands after it, and where the bidder is. */
export interface BidResult {
  auction: AuctionLive;
  leading: boolean;
  myMaxBid: number | null;
  /** Set when a rival's maximum outbid this bid at once. */
  message: string;
}

export interface ServerTime {
  serverTime: string;
}
