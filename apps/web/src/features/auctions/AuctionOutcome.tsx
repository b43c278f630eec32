import type { ReactNode } from 'react';
import { MSG, type AuctionDetail } from '@souq/shared';
import { Money } from '../../components/Money';
import { useT } from '../../i18n';
import { richT } from '../../i18n';

interface Props {
  auction: AuctionDetail;
  /** The close is due on the clock but the server has not said who won yet. */
  closing: boolean;
  /** What the winner does next (complete the order), shown under "You won". */
  winnerAction?: ReactNode;
}

/** At the end: 'Auction ended' and no bid form; who won, or why nobody did. */
export function AuctionOutcome({ auction, closing, winnerAction }: Props) {
  const { t, m } = useT();
  const price = auction.currentBid ?? auction.startingBid;
  const amount = (
    <strong>
      <Money fils={price} />
    </strong>
  );
  const iWon = auction.status === 'sold' && auction.amLeading;
  return (
    <div className={`outcome${iWon ? ' outcome--won' : ''}`} data-testid="auction-outcome">
      <div role="status">
        <p className="outcome__ended">{m(MSG.auctionEnded)}</p>
        {closing && (
          <p className="outcome__line">
            <span className="spinner__wheel spinner__wheel--small" aria-hidden="true" />{' '}
            {t('auctions.outcome.confirming')}
          </p>
        )}
        {auction.status === 'sold' && iWon && (
          <>
            <p className="outcome__won" data-testid="you-won">
              {t('auctions.outcome.youWon')}
            </p>
            <p className="outcome__line">{richT(t, 'auctions.outcome.yourWinningBid', { price: amount })}</p>
          </>
        )}
        {auction.status === 'sold' && !iWon && (
          <p className="outcome__line" data-testid="winner">
            {richT(t, 'auctions.outcome.wonBy', {
              user: (
                <strong>
                  <bdi>{auction.leader?.username ?? t('auctions.outcome.highestBidder')}</bdi>
                </strong>
              ),
              price: amount,
            })}
          </p>
        )}
        {auction.status === 'unsold' && (
          <p className="outcome__line">
            {t(auction.currentBid === null ? 'auctions.outcome.noBids' : 'auctions.outcome.reserveNotMet')}
          </p>
        )}
        {auction.status === 'cancelled' && <p className="outcome__line">{t('auctions.outcome.cancelled')}</p>}
      </div>
      {iWon && winnerAction}
    </div>
  );
}
