import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AuctionDetail, BidEntry, BidResult } from '@souq/shared';
import { socketConnected, watchAuction } from '../../api/socket';
import { auctionKeys } from '../../api/keys';
import type { BidPages } from './api';
import { applyBidResult, mergeBids, stepAuction } from './live-state';

/**
 * Keeps an open auction page current without a reload: socket events update the cached auction
 * and put new bids in front of the bidders list; a gap in the sequence, a reconnect or the
 * close makes it re-read over HTTP. Returns the soft-close extension to announce, if any, and
 * how to take in the answer to our own bid.
 */
export function useLiveAuction(id: string, viewerId: string | null) {
  const client = useQueryClient();
  const [extendedTo, setExtendedTo] = useState<string | null>(null);

  // The bidders list too: an event missed while the page loaded may be missing from either.
  const reread = useCallback(() => {
    void client.invalidateQueries({ queryKey: auctionKeys.detail(id) });
    void client.invalidateQueries({ queryKey: auctionKeys.bids(id) });
  }, [client, id]);

  const addBids = useCallback(
    (bids: BidEntry[]) => {
      if (bids.length === 0) return;
      client.setQueryData<BidPages>(auctionKeys.bids(id), (data) => {
        const [first, ...rest] = data?.pages ?? [];
        return data && first ? { ...data, pages: [{ ...first, items: mergeBids(first.items, bids) }, ...rest] } : data;
      });
    },
    [client, id],
  );

  useEffect(
    () =>
      watchAuction(id, {
        onMessage(update) {
          const detail = client.getQueryData<AuctionDetail>(auctionKeys.detail(id));
          // Not loaded yet: the read under way may predate this event, so read again.
          if (!detail) return reread();
          const step = stepAuction(detail, update, viewerId);
          if (step.kind === 'gap') return reread();
          addBids(update.bids);
          if (step.kind === 'stale') return;
          client.setQueryData(auctionKeys.detail(id), step.detail);
          if (step.extendedTo) setExtendedTo(step.extendedTo);
          // The close names the winner; the winner's order and the seller's options come with a re-read.
          if (update.reason !== 'bid') reread();
        },
        onResync: reread,
      }),
    [id, viewerId, client, reread, addBids],
  );

  const takeBidResult = useCallback(
    (result: BidResult) => {
      const detail = client.getQueryData<AuctionDetail>(auctionKeys.detail(id));
      if (!detail) return reread();
      const next = applyBidResult(detail, result, viewerId);
      client.setQueryData(auctionKeys.detail(id), next.detail);
      if (next.extendedTo) setExtendedTo(next.extendedTo);
      // Our bid's row normally arrives as a socket event; without the socket, read the list again.
      if (!socketConnected()) void client.invalidateQueries({ queryKey: auctionKeys.bids(id) });
    },
    [client, id, viewerId, reread],
  );

  return { extendedTo, takeBidResult, reread };
}
