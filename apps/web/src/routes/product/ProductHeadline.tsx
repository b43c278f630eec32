import { VAT_RATE_PERCENT, type ProductDetail } from '@souq/shared';
import { Money } from '../../components/Money';
import { RichText } from '../../components/RichText';
import { Stars } from '../../components/Stars';
import { useT } from '../../i18n';
import { CONDITION } from './condition';

/** The rating, the price with any saving, and the condition under the title. */
export function ProductHeadline({ product }: { product: ProductDetail }) {
  const { t } = useT();
  const discount =
    product.previousPrice && product.previousPrice > product.price
      ? Math.round((1 - product.price / product.previousPrice) * 100)
      : 0;

  return (
    <>
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
    </>
  );
}
