import { Link } from 'react-router';
import { MSG, type AuctionDetail } from '@souq/shared';
import { FormError } from '../../components/FormError';
import { richT, useT } from '../../i18n';
import { CancelAuctionDialog } from './CancelAuctionDialog';
import { MoveToAuctionDialog } from './MoveToAuctionDialog';
import { useSellerTools } from './useSellerTools';

interface Props {
  auction: AuctionDetail;
}

/** What the seller can do with their auction now: cancel it before the first bid, relist it when it did not sell. */
export function SellerTools({ auction }: Props) {
  const { t, m } = useT();
  const { confirming, setConfirming, relisting, setRelisting, pending, error, cancel, backToFixedPrice } =
    useSellerTools(auction.id);

  const product = auction.productId ? { id: auction.productId, title: auction.title } : null;
  const canStartAgain = product !== null && (auction.canRelist || auction.status === 'cancelled');

  return (
    <section className="seller-tools" aria-label={t('auctions.seller.tools')} data-testid="seller-tools">
      <h2 className="seller-tools__title">{t('auctions.seller.title')}</h2>
      {auction.status === 'open' && (
        <>
          {auction.canCancel ? (
            <button
              type="button"
              className="btn btn--danger"
              disabled={pending}
              onClick={() => setConfirming(true)}
              data-testid="cancel-auction"
            >
              {t('auctions.seller.cancel')}
            </button>
          ) : (
            <p className="muted">{m(MSG.auctionHasBids)}</p>
          )}
        </>
      )}
      {auction.status === 'sold' && (
        <p>
          {richT(t, 'auctions.seller.soldTo', {
            user: (
              <strong>
                <bdi>{auction.leader?.username ?? t('auctions.seller.theWinner')}</bdi>
              </strong>
            ),
            sales: <Link to="/MyAccount?tab=sales">{t('auctions.seller.sales')}</Link>,
          })}
        </p>
      )}
      {auction.status === 'unsold' && <p className="muted">{t('auctions.seller.unsold')}</p>}
      {auction.status === 'cancelled' && <p className="muted">{t('auctions.seller.cancelled')}</p>}
      {canStartAgain && product && (
        <div className="seller-tools__actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={pending}
            onClick={() => setRelisting(true)}
            data-testid="relist-auction"
          >
            {t(auction.status === 'cancelled' ? 'auctions.seller.moveAgain' : 'auctions.seller.relist')}
          </button>
          {auction.canRelist && (
            <button
              type="button"
              className="btn btn--ghost"
              disabled={pending}
              onClick={() => void backToFixedPrice(product.id)}
              data-testid="relist-fixed"
            >
              {t('auctions.seller.backToFixed')}
            </button>
          )}
        </div>
      )}
      <FormError message={error} />

      {confirming && (
        <CancelAuctionDialog
          pending={pending}
          error={error}
          onKeep={() => setConfirming(false)}
          onCancel={() => void cancel()}
        />
      )}
      {relisting && product && <MoveToAuctionDialog product={product} onClose={() => setRelisting(false)} />}
    </section>
  );
}
