import { Link } from 'react-router';
import { formatQuantity, inReaderLanguage, type ProductDetail } from '@souq/shared';
import { useCategoryName } from '../../components/category-names';
import { useT } from '../../i18n';
import { CONDITION } from './condition';

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
    [t('product.details.weight'), t('product.weight', { weight: formatQuantity(product.weight) })],
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

/** The description with its keywords, and the details table, under the gallery. */
export function ProductAbout({ product }: { product: ProductDetail }) {
  const { t, locale } = useT();
  const categoryName = useCategoryName();
  return (
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
  );
}
