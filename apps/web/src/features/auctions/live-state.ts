import {
  seqBefore,
  type AuctionDetail,
  type AuctionLive,
  type AuctionUpdate,
  type BidEntry,
  type BidResult,
} from '@souq/shared';

/**
 * How a page keeps an auction current from its socket events. Every event carries the auction's
 * sequence number; a bid event with k bids moves it by k, any other event by 1. An event that
 * starts past the next number means events were missed (a gap): the page re-reads over HTTP.
 */
export type Verdict = 'apply' | 'stale' | 'gap';

export function verdictOf(lastSeq: number, update: AuctionUpdate): Verdict {
  if (update.auction.seq <= lastSeq) return 'stale';
  return seqBefore(update) > lastSeq ? 'gap' : 'apply';
}

/** The viewer-specific fields follow from the live state and who is looking. */
export function withLive(detail: AuctionDetail, live: AuctionLive, viewerId: string | null): AuctionDetail {
  return {
    ...detail,
    ...live,
    amLeading: viewerId !== null && live.leader?.id === viewerId,
    canCancel: detail.isOwner && live.status === 'open' && live.bidCount === 0,
  };
}

/** Soft close: a late bid moved the end later. Returns the new end, or null. */
export function extensionOf(before: Pick<AuctionDetail, 'endsAt'>, after: AuctionLive): string | null {
  return after.status === 'open' && Date.parse(after.endsAt) > Date.parse(before.endsAt) ? after.endsAt : null;
}

export type Step =
  { kind: 'gap' } | { kind: 'stale' } | { kind: 'apply'; detail: AuctionDetail; extendedTo: string | null };

/** One socket event against the page's copy of the auction. */
export function stepAuction(detail: AuctionDetail, update: AuctionUpdate, viewerId: string | null): Step {
  const verdict = verdictOf(detail.seq, update);
  if (verdict !== 'apply') return { kind: verdict };
  return {
    kind: 'apply',
    detail: withLive(detail, update.auction, viewerId),
    extendedTo: extensionOf(detail, update.auction),
  };
}

/** The answer to our own bid; the socket may already have told us more, so an older state is not applied. */
export function applyBidResult(
  detail: AuctionDetail,
  result: BidResult,
  viewerId: string | null,
): { detail: AuctionDetail; extendedTo: string | null } {
  const newer = result.auction.seq > detail.seq;
  const next = newer ? withLive(detail, result.auction, viewerId) : detail;
  return {
    detail: { ...next, myMaxBid: result.myMaxBid },
    extendedTo: newer ? extensionOf(detail, result.auction) : null,
  };
}

/** New bid rows in front of the list, newest first, each once (an event and a re-read may both bring it). */
export function mergeBids(list: readonly BidEntry[], incoming: readonly BidEntry[]): BidEntry[] {
  const known = new Set(list.map((b) => b.seq));
  const fresh = incoming.filter((b) => !known.has(b.seq));
  if (fresh.length === 0) return list as BidEntry[];
  return [...fresh, ...list].sort((a, b) => b.seq - a.seq);
}
