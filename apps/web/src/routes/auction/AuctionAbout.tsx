import { Link } from 'react-router';
import { productPath, type AuctionDetail } from '@souq/shared';
import { formatGulfDateTime } from '../../components/dates';
import { Money } from '../../components/Money';
import { BidHistory } from '../../features/auctions/BidHistory';
import { closingLabel } from '../../features/auctions/status';
import { useT } from '../../i18n';

interface Props {
  auction: AuctionDetail;
  viewerId: string | null;
  open: boolean;
  over: boolean;
  reserve: string;
}

/** The bids so far, and the auction's details and description, under the gallery. */
export function AuctionAbout({ auction, viewerId, open, over, reserve }: Props) {
  const { t, locale } = useT();
  return (
    <div className="product__more">
      <section className="card" aria-labelledby="bids-title">
        <h2 id="bids-title">{t('auctions.page.bids')}</h2>
        <BidHistory
          auctionId={auction.id}
          viewerId={viewerId}
          topLabel={
            open && !over
              ? t('auctions.history.highest')
              : auction.status === 'sold'
                ? t('auctions.history.winner')
                : null
          }
        />
      </section>
      <section className="card">
        <h2>{t('auctions.page.details')}</h2>
        <dl className="product-details" data-testid="auction-details">
          <div className="product-details__row">
            <dt>{t('auctions.page.started')}</dt>
            <dd>{formatGulfDateTime(auction.startsAt, locale)}</dd>
          </div>
          <div className="product-details__row">
            <dt>{t(over ? 'auctions.page.ended' : 'auctions.page.ends')}</dt>
            <dd data-testid="ends-at">{formatGulfDateTime(auction.endsAt, locale)}</dd>
          </div>
          <div className="product-details__row">
            <dt>{t('auctions.startingBid')}</dt>
            <dd>
              <Money fils={auction.startingBid} />
            </dd>
          </div>
          <div className="product-details__row">
            <dt>{t('auctions.page.closingStyle')}</dt>
            <dd>{closingLabel(t, auction.closingStyle)}</dd>
          </div>
          <div className="product-details__row">
            <dt>{t('auctions.page.reserve')}</dt>
            <dd>{reserve}</dd>
          </div>
        </dl>
        {auction.description && (
          <>
            <h2 className="auction__description-title">{t('auctions.page.description')}</h2>
            <p className="product__description">{auction.description}</p>
          </>
        )}
        {auction.productId && (
          <p>
            <Link to={productPath(auction.productId)}>{t('auctions.page.productPage')}</Link>
          </p>
        )}
      </section>
    </div>
  );
}
