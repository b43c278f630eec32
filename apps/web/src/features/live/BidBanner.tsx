import { bidCapReached, formatAED, type StreamLive } from '@souq/shared';

/** 'Highest Bid: AED {amount} by {user}' (the exact words); before the first bid, where bidding starts. */
export function BidBanner({ stream }: { stream: Pick<StreamLive, 'highestBid' | 'minimumBid' | 'status' | 'winner'> }) {
  const { highestBid } = stream;
  return (
    <div
      className={`bid-banner${highestBid ? ' bid-banner--bid' : ''}`}
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="bid-banner"
    >
      {highestBid ? (
        <>
          Highest Bid: <strong>{formatAED(highestBid.amount)}</strong> by <strong>{highestBid.user.username}</strong>
          {stream.status === 'live' && bidCapReached(highestBid.amount) && (
            <>. That is the most Souq accepts: no higher bid is possible.</>
          )}
        </>
      ) : stream.status === 'live' ? (
        <>
          No bids yet. Bidding starts at <strong>{formatAED(stream.minimumBid)}</strong>: type the amount in the chat.
        </>
      ) : (
        'No bids were placed.'
      )}
    </div>
  );
}
