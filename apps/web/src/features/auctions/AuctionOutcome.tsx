import type { ReactNode } from 'react';
import { MSG, type AuctionDetail } from '@souq/shared';
import { Money } from '../../components/Money';

interface Props {
  auction: AuctionDetail;
  /** The close is due on the clock but the server has not said who won yet. */
  closing: boolean;
  /** What the winner does next (complete the order), shown under "You won". */
  winnerAction?: ReactNode;
}

/** At the end: 'Auction ended' and no bid form; who won, or why nobody did. */
export function AuctionOutcome({ auction, closing, winnerAction }: Props) {
  const price = auction.currentBid ?? auction.startingBid;
  const iWon = auction.status === 'sold' && auction.amLeading;
  return (
    <div className={`outcome${iWon ? ' outcome--won' : ''}`} data-testid="auction-outcome">
      <div role="status">
        <p className="outcome__ended">{MSG.auctionEnded}</p>
        {closing && (
          <p className="outcome__line">
            <span className="spinner__wheel spinner__wheel--small" aria-hidden="true" /> Confirming the winner…
          </p>
        )}
        {auction.status === 'sold' && iWon && (
          <>
            <p className="outcome__won" data-testid="you-won">
              You won
            </p>
            <p className="outcome__line">
              Your winning bid:{' '}
              <strong>
                <Money fils={price} />
              </strong>
              , plus 5% VAT, cash on delivery.
            </p>
          </>
        )}
        {auction.status === 'sold' && !iWon && (
          <p className="outcome__line" data-testid="winner">
            Won by <strong>{auction.leader?.username ?? 'the highest bidder'}</strong> for{' '}
            <strong>
              <Money fils={price} />
            </strong>
          </p>
        )}
        {auction.status === 'unsold' && (
          <p className="outcome__line">
            {auction.currentBid === null
              ? 'No winner: there were no bids.'
              : 'No winner: the reserve price was not met.'}
          </p>
        )}
        {auction.status === 'cancelled' && (
          <p className="outcome__line">The seller cancelled this auction before anyone bid.</p>
        )}
      </div>
      {iWon && winnerAction}
    </div>
  );
}
