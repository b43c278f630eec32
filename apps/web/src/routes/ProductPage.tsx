import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { inReaderLanguage, MSG, type ProductDetail } from '@souq/shared';
import { ApiError } from '../api/client';
import { Avatar } from '../components/Avatar';
import { useCategoryName } from '../components/category-names';
import { EmptyState } from '../components/EmptyState';
import { Gallery } from '../components/Gallery';
import { PageTitle } from '../components/PageTitle';
import { Spinner } from '../components/Spinner';
import { SellerStanding } from '../features/aftersale/SellerStanding';
import { MoveToAuction } from '../features/auctions/MoveToAuction';
import { useSession } from '../features/auth/api';
import { useRequireVerified } from '../features/auth/gates';
import { useCountView } from '../features/backoffice/api';
import { useProduct } from '../features/product/api';
import { ReviewsSection, type Viewer } from '../features/product/ReviewsSection';
import { MakeOffer } from '../features/offers/MakeOffer';
import { OfferTermsPanel } from '../features/offers/OfferTermsPanel';
import { ReportButton } from '../features/reports/ReportButton';
import { useT } from '../i18n';
import { ProductAbout } from './product/ProductAbout';
import { ProductActions } from './product/ProductActions';
import { ProductHeadline } from './product/ProductHeadline';

function Product({ product }: { product: ProductDetail }) {
  const { user } = useSession();
  const requireVerified = useRequireVerified();
  const [moving, setMoving] = useState(false);
  const { t, m, locale } = useT();
  const categoryName = useCategoryName();
  const title = inReaderLanguage(product.title, product.titleAr, locale);

  const viewer: Viewer = !user ? 'anonymous' : user.emailVerified ? 'verified' : 'unverified';

  return (
    <article className="product">
      <div className="product__top">
        <Gallery images={product.images} title={title} />

        <div className="product__info">
          <Link to={`/?category=${encodeURIComponent(product.category)}`} className="product__category">
            {categoryName(product.category)}
          </Link>
          <PageTitle>{title}</PageTitle>

          <ProductHeadline product={product} />

          <ProductActions product={product} onMove={() => setMoving(true)} />
          {/* Signed in only: a first visit's product page asks for nothing but the product (first-screen.test). */}
          {user && !product.isOwner && !product.isAuction && !product.hidden && (
            <MakeOffer product={{ id: product.id, title, price: product.price }} allowed={requireVerified} />
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
          {product.isOwner && !product.isAuction && (
            <OfferTermsPanel product={{ id: product.id, price: product.price }} />
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

      <ProductAbout product={product} />

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
