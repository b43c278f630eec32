import { Link } from 'react-router';
import type { AuctionSummary } from '@souq/shared';
import { Countdown } from '../../components/Countdown';
import { Money } from '../../components/Money';
import { useT } from '../../i18n';
import { useCategoryName } from '../../components/category-names';
import { statusLabel } from './status';

/** A card on /auction and on a seller's "View Auctions" tab: photo, title, the bid, the count and the clock. */
export function AuctionCard({ auction }: { auction: AuctionSummary }) {
  const { t } = useT();
  const categoryName = useCategoryName();
  const open = auction.status === 'open';
  const price = auction.currentBid ?? auction.startingBid;
  const priceLabel = t(
    auction.status === 'sold'
      ? 'auctions.soldFor'
      : auction.currentBid === null
        ? 'auctions.startingBid'
        : 'auctions.currentBid',
  );
  return (
    <Link to={`/auction/${auction.id}`} className="link-card product-card auction-card" data-testid="auction-card">
      <div className="product-card__media">
        <img src={auction.image.thumb} alt="" loading="lazy" width={480} height={480} />
        <span className={`auction-card__clock${open ? '' : ' auction-card__clock--over'}`}>
          {open ? (
            <>
              <ClockIcon />
              <span className="sr-only">{t('auctions.card.timeLeft')} </span>
              <Countdown endsAt={auction.endsAt} />
            </>
          ) : (
            statusLabel(t, auction.status)
          )}
        </span>
      </div>
      <div className="product-card__body">
        <span className="product-card__category">{categoryName(auction.category)}</span>
        <h2 className="product-card__title">{auction.title}</h2>
        <div className="auction-card__bid">
          <span className="auction-card__label">{priceLabel}</span>
          <Money fils={price} className="auction-card__amount" />
        </div>
        <span className="muted auction-card__count" data-testid="auction-card-bids">
          {t('auctions.bids', { count: auction.bidCount })}
        </span>
      </div>
    </Link>
  );
}

function ClockIcon() {
  return (
    <svg viewBox="0 0 24 24" className="icon" aria-hidden="true">
      <path
        fill="currentColor"
        d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-1 3v6l5 3 1-1.7-4-2.4V7z"
      />
    </svg>
  );
}
