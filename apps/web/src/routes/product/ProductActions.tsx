import { Link } from 'react-router';
import { MSG, type ProductDetail } from '@souq/shared';
import { CartIcon } from '../../components/CartIcon';
import { useFlash } from '../../components/useFlash';
import { useRequireLogin, useRequireVerified } from '../../features/auth/gates';
import { addToCart } from '../../features/cart/cart-store';
import { LikeButton } from '../../features/product/LikeButton';
import { useT } from '../../i18n';

const ADDED_MS = 2500;

/** What a reader can do with the listing: the owner edits or auctions it, anyone else buys or bids, and likes it. */
export function ProductActions({ product, onMove }: { product: ProductDetail; onMove: () => void }) {
  const requireLogin = useRequireLogin();
  const requireVerified = useRequireVerified();
  const [added, flashAdded] = useFlash(ADDED_MS);
  const { t, m } = useT();

  function add() {
    if (!requireVerified()) return;
    addToCart({
      id: product.id,
      title: product.title,
      price: product.price,
      image: product.images[0]?.thumb ?? product.image.thumb,
    });
    flashAdded();
  }

  return (
    <>
      <div className={product.isOwner ? 'product__actions product__actions--owner' : 'product__actions'}>
        {product.isOwner ? (
          <>
            <Link to={`/EditProduct/${product.id}`} className="btn btn--primary" data-testid="edit-product">
              {t('product.edit')}
            </Link>
            {!product.isAuction && (
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => requireVerified() && onMove()}
                data-testid="move-to-auction-button"
              >
                {t('product.moveToAuction')}
              </button>
            )}
          </>
        ) : product.isAuction ? (
          <p className="notice product__auction">
            {t('product.soldByAuction')}{' '}
            {product.auctionId && <Link to={`/auction/${product.auctionId}`}>{t('product.viewAuction')}</Link>}
          </p>
        ) : (
          <button type="button" className="btn btn--primary product__cart" onClick={add} data-testid="add-to-cart">
            <CartIcon className="icon" />
            {t('product.addToCart')}
          </button>
        )}
        <LikeButton product={product} requireLogin={requireLogin} />
      </div>
      {!product.isOwner && (
        <p className="product__added" role="status" aria-live="polite">
          {added && (
            <>
              <span data-testid="added-to-cart">{m(MSG.addedToCart)}</span> ·{' '}
              <Link to="/cart">{t('product.viewCart')}</Link>
            </>
          )}
        </p>
      )}
    </>
  );
}
