import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatQuantity, inReaderLanguage, MSG, VAT_RATE_PERCENT, type ProductDetail } from '@souq/shared';
import { ApiError } from '../api/client';
import { EmptyState } from '../components/EmptyState';
import { Gallery } from '../components/Gallery';
import { Money } from '../components/Money';
import { PageTitle } from '../components/PageTitle';
import { Spinner } from '../components/Spinner';
import { Stars } from '../components/Stars';
import { useFlash } from '../components/useFlash';
import { MoveToAuction } from '../features/auctions/MoveToAuction';
import { useRequireLogin, useRequireVerified } from '../features/auth/gates';
import { useSession } from '../features/auth/api';
import { ReportButton } from '../features/reports/ReportButton';
import { addToCart } from '../features/cart/cart-store';
import { useProduct } from '../features/product/api';
import { LikeButton } from '../features/product/LikeButton';
import { ReviewsSection, type Viewer } from '../features/product/ReviewsSection';
import { Avatar } from '../components/Avatar';
import { useCategoryName } from '../components/category-names';
import { RichText } from '../components/RichText';
import { useT, type MessageKey, type Translate } from '../i18n';
import { SellerStanding } from '../features/aftersale/SellerStanding';
import { useCountView } from '../features/backoffice/api';
import { CartIcon } from '../components/CartIcon';

const ADDED_MS = 2500;
const CONDITION: Record<ProductDetail['condition'], MessageKey> = {
  new: 'product.condition.new',
  used: 'product.condition.used',
  refurbished: 'product.condition.refurbished',
};

function formatWeight(kg: number, t: Translate): string {
  return t('product.weight', { weight: formatQuantity(kg) });
}

function Details({ product }: { product: ProductDetail }) {
  const { t } = useT();
  const categoryName = useCategoryName();
  const rows: [string, string | null][] = [
    [t('product.details.brand'), product.brand],
    [t('product.details.condition'), t(CONDITION[product.condition])],
    [
      t('product.details.dimensions'),
      product.dimensions ? t('product.dimensions', { dimensions: product.dimensions.replace(/x/g, ' × ') }) : null,
    ],
    [t('product.details.weight'), formatWeight(product.weight, t)],
    [t('product.details.origin'), product.countryOfOrigin],
    [t('product.details.category'), categoryName(product.category)],
  ];
  return (
    <dl className="product-details" data-testid="product-details">
      {rows
        .filter((row): row is [string, string] => !!row[1])
        .map(([term, value]) => (
          <div key={term} className="product-details__row">
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
    </dl>
  );
}

function Product({ product }: { product: ProductDetail }) {
  const { user } = useSession();
  const requireLogin = useRequireLogin();
  const requireVerified = useRequireVerified();
  const [added, flashAdded] = useFlash(ADDED_MS);
  const [moving, setMoving] = useState(false);
  const { t, m, locale } = useT();
  const categoryName = useCategoryName();
  const title = inReaderLanguage(product.title, product.titleAr, locale);

  const viewer: Viewer = !user ? 'anonymous' : user.emailVerified ? 'verified' : 'unverified';
  const discount =
    product.previousPrice && product.previousPrice > product.price
      ? Math.round((1 - product.price / product.previousPrice) * 100)
      : 0;

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
    <article className="product">
      <div className="product__top">
        <Gallery images={product.images} title={title} />

        <div className="product__info">
          <Link to={`/?category=${encodeURIComponent(product.category)}`} className="product__category">
            {categoryName(product.category)}
          </Link>
          <PageTitle>{title}</PageTitle>

          <div className="product__rating" data-testid="product-rating">
            <Stars value={product.rating} />
            <span className="product__rating-value">{product.rating.toFixed(1)}</span>
            <a href="#reviews-title" className="muted">
              {t('product.reviewCount', { count: product.reviewCount })}
            </a>
          </div>

          <div className="product__price" data-testid="product-price">
            <Money fils={product.price} className="product__now" />
            {product.previousPrice !== null && (
              <s className="product__was">
                <span className="sr-only">{t('product.previousPrice')}</span>
                <Money fils={product.previousPrice} />
              </s>
            )}
            {discount > 0 && (
              <span className="product__save">
                <bdi dir="ltr">−{discount}%</bdi>
              </span>
            )}
          </div>
          <p className="muted product__vat">{t('product.vatNote', { rate: VAT_RATE_PERCENT })}</p>
          <p className="product__condition">
            <span className="pill">{t(CONDITION[product.condition])}</span>
            <span className="muted">
              <RichText id="product.byBrand" parts={{ brand: <bdi>{product.brand}</bdi> }} />
            </span>
          </p>

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
                    onClick={() => requireVerified() && setMoving(true)}
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

          {product.hidden && (
            <p className="notice notice--error" role="status" data-testid="hidden-notice">
              {m(MSG.listingHidden)}{' '}
              <span dir="auto">{t('product.hiddenReason', { reason: product.hidden.reason })}</span>
            </p>
          )}
          {product.isOwner && (
            <div className="owner-panel">
              <span>{t('product.yourListing')}</span>
              {product.isAuction && product.auctionId && (
                <Link to={`/auction/${product.auctionId}`}>{t('product.viewItsAuction')}</Link>
              )}
              {product.invoiceUrl && (
                <a href={product.invoiceUrl} target="_blank" rel="noreferrer" data-testid="invoice-link">
                  {t('product.viewInvoice')}
                </a>
              )}
            </div>
          )}

          <div className="seller">
            <Avatar src={product.seller.profilePic} size={44} />
            <div className="seller__text">
              <span className="muted">{t('product.soldBy')}</span>
              <strong data-testid="seller-name">
                <bdi>{product.seller.username}</bdi>
              </strong>
              <SellerStanding sellerId={product.seller.id} />
            </div>
            <Link to={`/MyAccount/${product.seller.id}`} className="btn btn--ghost btn--small">
              {t('product.viewSeller')}
            </Link>
          </div>
          {user && !product.isOwner && <ReportButton kind="product" id={product.id} />}
        </div>
      </div>

      <div className="product__more">
        <section className="card">
          <h2>{t('product.description')}</h2>
          <p className="product__description" dir="auto">
            {inReaderLanguage(product.description, product.descriptionAr, locale)}
          </p>
          {product.keywords.length > 0 && (
            <ul className="product__keywords" aria-label={t('product.keywords')}>
              {product.keywords.map((k) => (
                <li key={k}>
                  <Link to={`/search?q=${encodeURIComponent(k)}`}>
                    {k === product.category.toLowerCase() ? categoryName(product.category) : k}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="card">
          <h2>{t('product.details')}</h2>
          <Details product={product} />
        </section>
      </div>

      <ReviewsSection
        product={product}
        viewer={viewer}
        canSubmit={requireVerified}
        reviewActions={(review) =>
          user && review.user.id !== user.id ? <ReportButton kind="review" id={review.id} compact /> : null
        }
      />
      {moving && <MoveToAuction product={product} onClose={() => setMoving(false)} />}
    </article>
  );
}

export default function ProductPage() {
  const { productId = '' } = useParams();
  const query = useProduct(productId);
  useCountView(query.data?.id);
  const { t, m } = useT();

  if (query.isPending) return <Spinner label={t('product.loading')} />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <>
        <PageTitle>{notFound ? t('product.notFound') : t('product.failed')}</PageTitle>
        <EmptyState title={m(notFound ? MSG.productNotFound : query.error.message)}>
          <div className="empty__actions">
            {!notFound && (
              <button type="button" className="btn btn--ghost" onClick={() => void query.refetch()}>
                {t('product.tryAgain')}
              </button>
            )}
            <Link to="/" className="btn btn--primary">
              {t('app.backToShop')}
            </Link>
          </div>
        </EmptyState>
      </>
    );
  }
  return <Product key={query.data.id} product={query.data} />;
}
