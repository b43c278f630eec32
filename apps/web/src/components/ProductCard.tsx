import { Link } from 'react-router';
import { inReaderLanguage, productPath, type ProductSummary } from '@souq/shared';
import { useT } from '../i18n';
import { useCategoryName } from './category-names';
import { Money } from './Money';
import { Stars } from './Stars';

const PLACEHOLDER = '/images/placeholder.svg';

/** `eager` for the first row: those photos are the page's largest paint, so they load first, not lazily. */
export function ProductCard({ product, eager = false }: { product: ProductSummary; eager?: boolean }) {
  const { t, locale } = useT();
  const categoryName = useCategoryName();
  const discount =
    product.previousPrice && product.previousPrice > product.price
      ? Math.round((1 - product.price / product.previousPrice) * 100)
      : 0;
  return (
    <Link to={productPath(product.id)} className="link-card product-card" data-testid="product-card">
      <div className="product-card__media">
        <img
          src={product.image.thumb}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : 'auto'}
          width={480}
          height={480}
          // A photo that fails to load shows our placeholder, not the browser's broken-image icon.
          onError={(e) => {
            if (!e.currentTarget.src.endsWith(PLACEHOLDER)) e.currentTarget.src = PLACEHOLDER;
          }}
        />
        {discount > 0 && (
          <span className="product-card__badge">
            <bdi dir="ltr">−{discount}%</bdi>
          </span>
        )}
      </div>
      <div className="product-card__body">
        <span className="product-card__category">{categoryName(product.category)}</span>
        <h2 className="product-card__title" dir="auto">
          {inReaderLanguage(product.title, product.titleAr, locale)}
        </h2>
        <div className="product-card__meta">
          <span className="product-card__rating">
            <Stars value={product.rating} size={14} /> <span className="muted">({product.reviewCount})</span>
          </span>
          <span className="muted" aria-label={t('components.productCard.likes', { count: product.likeCount })}>
            ♥ {product.likeCount}
          </span>
        </div>
        <div className="product-card__price">
          <Money fils={product.price} />
          {product.previousPrice && product.previousPrice > product.price && (
            <Money fils={product.previousPrice} className="price-was" />
          )}
        </div>
      </div>
    </Link>
  );
}
