import { useEffect, useRef, useState } from 'react';
import type { AuctionLive, AuctionSummary } from '@souq/shared';
import { watchAuction } from '../../api/socket';

/**
 * List cards follow their auctions live too: the current bid, the count, a moved end, the close.
 * Each event carries the whole live state, so a card needs no gap check; after a reconnect the
 * list is read again instead.
 */
export function useLiveSummaries(items: AuctionSummary[], reread: () => void): AuctionSummary[] {
  const [live, setLive] = useState<ReadonlyMap<string, AuctionLive>>(new Map());
  const rereadRef = useRef(reread);
  useEffect(() => {
    rereadRef.current = reread;
  });
  const ids = items
    .filter((a) => a.status === 'open')
    .map((a) => a.id)
    .join(',');

  useEffect(() => {
    if (!ids) return;
    let queued = false;
    const onResync = (dropped: boolean) => {
      if (!dropped || queued) return;
      queued = true;
      queueMicrotask(() => {
        queued = false;
        setLive(new Map());
        rereadRef.current();
      });
    };
    const stops = ids.split(',').map((id) =>
      watchAuction(id, {
        onMessage: (update) =>
          setLive((map) => {
            const known = map.get(id);
            return known && known.seq >= update.auction.seq ? map : new Map(map).set(id, update.auction);
          }),
        onResync,
      }),
    );
    return () => stops.forEach((stop) => stop());
  }, [ids]);

  return items.map((a) => {
    const l = live.get(a.id);
    return l ? { ...a, currentBid: l.currentBid, bidCount: l.bidCount, endsAt: l.endsAt, status: l.status } : a;
  });
}
