import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { productPath, MSG, type AuctionDetail } from '@souq/shared';
import { FormError } from '../../components/FormError';
import { useGateErrorHandler } from '../../components/gate-errors';
import { Modal } from '../../components/Modal';
import { useCancelAuction, useRelistFixed } from './api';
import { useT } from '../../i18n';
import { MoveToAuctionDialog } from './MoveToAuctionDialog';
import { richT } from '../../i18n';

interface Props {
  auction: AuctionDetail;
}

/** What the seller can do with their auction now: cancel it before the first bid, relist it when it did not sell. */
export function SellerTools({ auction }: Props) {
  const { t, m } = useT();
  const cancelAuction = useCancelAuction(auction.id);
  const relistFixed = useRelistFixed(auction.id);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [relisting, setRelisting] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const answerGate = useGateErrorHandler();

  async function run(action: () => Promise<void>) {
    setPending(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      // A 401 is said here, next to the buttons, like the rest of the auction page.
      if (!answerGate(err, { signInHere: true })) setError(err instanceof Error ? err.message : String(err));
    } finally {
      setPending(false);
    }
  }

  const cancel = () =>
    run(async () => {
      await cancelAuction.mutateAsync();
      setConfirming(false);
    });

  const backToFixedPrice = (productId: string) =>
    run(async () => {
      await relistFixed.mutateAsync();
      navigate(productPath(productId));
    });

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
        <Modal
          title={t('auctions.seller.confirmTitle')}
          onClose={() => !pending && setConfirming(false)}
          actions={
            <>
              <button type="button" className="btn btn--ghost" disabled={pending} onClick={() => setConfirming(false)}>
                {t('auctions.seller.keep')}
              </button>
              <button
                type="button"
                className="btn btn--danger"
                disabled={pending}
                onClick={() => void cancel()}
                data-testid="confirm-cancel"
              >
                {pending ? t('auctions.seller.cancelling') : t('auctions.seller.cancel')}
              </button>
            </>
          }
        >
          <p>{t('auctions.seller.confirmBody')}</p>
          <FormError message={error} />
        </Modal>
      )}
      {relisting && product && <MoveToAuctionDialog product={product} onClose={() => setRelisting(false)} />}
    </section>
  );
}
