import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { productPath, MSG, type AuctionDetail } from '@souq/shared';
import { FormError } from '../../components/FormError';
import { useGateErrorHandler } from '../../components/gate-errors';
import { Modal } from '../../components/Modal';
import { useCancelAuction, useRelistFixed } from './api';
import { MoveToAuctionDialog } from './MoveToAuctionDialog';

interface Props {
  auction: AuctionDetail;
}

/** What the seller can do with their auction now: cancel it before the first bid, relist it when it did not sell. */
export function SellerTools({ auction }: Props) {
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
    <section className="seller-tools" aria-label="Seller tools" data-testid="seller-tools">
      <h2 className="seller-tools__title">Your auction</h2>
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
              Cancel auction
            </button>
          ) : (
            <p className="muted">{MSG.auctionHasBids}</p>
          )}
        </>
      )}
      {auction.status === 'sold' && (
        <p>
          Sold to <strong>{auction.leader?.username ?? 'the winner'}</strong>. The order is in your{' '}
          <Link to="/MyAccount?tab=sales">Sales</Link>.
        </p>
      )}
      {auction.status === 'unsold' && (
        <p className="muted">
          It did not sell. Relist it as a new auction, or put it back in the shop at its fixed price.
        </p>
      )}
      {auction.status === 'cancelled' && (
        <p className="muted">You cancelled this auction; the product is back in the shop at its fixed price.</p>
      )}
      {canStartAgain && product && (
        <div className="seller-tools__actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={pending}
            onClick={() => setRelisting(true)}
            data-testid="relist-auction"
          >
            {auction.status === 'cancelled' ? 'Move to Auction again' : 'Relist as a new auction'}
          </button>
          {auction.canRelist && (
            <button
              type="button"
              className="btn btn--ghost"
              disabled={pending}
              onClick={() => void backToFixedPrice(product.id)}
              data-testid="relist-fixed"
            >
              Back to fixed price
            </button>
          )}
        </div>
      )}
      <FormError message={error} />

      {confirming && (
        <Modal
          title="Cancel this auction?"
          onClose={() => !pending && setConfirming(false)}
          actions={
            <>
              <button type="button" className="btn btn--ghost" disabled={pending} onClick={() => setConfirming(false)}>
                Keep auction
              </button>
              <button
                type="button"
                className="btn btn--danger"
                disabled={pending}
                onClick={() => void cancel()}
                data-testid="confirm-cancel"
              >
                {pending ? 'Cancelling…' : 'Cancel auction'}
              </button>
            </>
          }
        >
          <p>Nobody has bid yet. The auction ends now and the product goes back to the shop at its fixed price.</p>
          <FormError message={error} />
        </Modal>
      )}
      {relisting && product && <MoveToAuctionDialog product={product} onClose={() => setRelisting(false)} />}
    </section>
  );
}
