import type { AuctionDetail } from '@souq/shared';
import { Countdown } from '../../components/Countdown';
import { formatGulfDateTime } from '../../components/dates';
import { Money } from '../../components/Money';
import { useT } from '../../i18n';

/** The price so far with the number of bids, and the time left (or when it ended). */
export function BidFigures({ auction, over }: { auction: AuctionDetail; over: boolean }) {
  const { t, locale } = useT();
  const price = auction.currentBid ?? auction.startingBid;
  return (
    <div className="bid-box__figures">
      <div className="bid-box__price" aria-live="polite" aria-atomic="true">
        <span className="bid-box__label">
          {t(
            auction.status === 'sold'
              ? 'auctions.winningBid'
              : auction.currentBid === null
                ? 'auctions.startingBid'
                : 'auctions.currentBid',
          )}
        </span>
        <span className="bid-box__amount" data-testid="current-bid">
          <Money fils={price} />
        </span>
        <span className="muted" data-testid="bid-count">
          {t('auctions.bids', { count: auction.bidCount })}
        </span>
      </div>
      <div className="bid-box__time">
        <span className="bid-box__label">{t(over ? 'auctions.page.ended' : 'auctions.page.timeLeft')}</span>
        {over ? (
          <span className="bid-box__ended">{formatGulfDateTime(auction.endsAt, locale)}</span>
        ) : (
          <>
            <Countdown endsAt={auction.endsAt} announce className="bid-box__countdown" testId="countdown" />
            <span className="muted bid-box__ends">
              {t('auctions.page.endsOn', { date: formatGulfDateTime(auction.endsAt, locale) })}
            </span>
          </>
        )}
      </div>
    </div>
  );
}
