import { useSearchParams } from 'react-router';
import { MSG, SEARCH_FIELDS } from '@souq/shared';
import { PageTitle } from '../components/PageTitle';
import { ParamSelect } from '../components/ParamSelect';
import { ProductGrid } from '../components/ProductGrid';
import { useRequireVerified } from '../features/auth/gates';
import { useSearchResults } from '../features/catalog/api';
import { SaveSearchButton } from '../features/saved-searches/SaveSearchButton';
import { useT, type MessageKey } from '../i18n';

const FIELD_LABELS: Record<(typeof SEARCH_FIELDS)[number], MessageKey> = {
  name: 'catalog.search.field.name',
  price: 'catalog.search.field.price',
  rating: 'catalog.search.field.rating',
};

export default function SearchPage() {
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const sort = (SEARCH_FIELDS as readonly string[]).includes(params.get('sort') ?? '') ? params.get('sort')! : 'name';
  const order = params.get('order') === 'desc' ? 'desc' : 'asc';
  const results = useSearchResults({ q, sort, order });
  const { t, m } = useT();
  const requireVerified = useRequireVerified();
  const fieldOptions = SEARCH_FIELDS.map((f) => ({ value: f, label: t(FIELD_LABELS[f]) }));
  const orderOptions = [
    { value: 'asc', label: t('catalog.search.asc') },
    { value: 'desc', label: t('catalog.search.desc') },
  ];

  return (
    <>
      <PageTitle>{q ? t('catalog.search.results', { q }) : t('catalog.search.title')}</PageTitle>
      <div className="toolbar">
        <ParamSelect label={t('catalog.sortBy')} param="sort" value={sort} options={fieldOptions} />
        <ParamSelect label={t('catalog.search.order')} param="order" value={order} options={orderOptions} />
        <SaveSearchButton shown={{ text: q, category: null, auctionsOnly: false }} allowed={requireVerified} />
      </div>
      <ProductGrid
        {...results}
        onMore={results.more}
        loadingLabel={t('catalog.search.searching')}
        emptyTitle={m(MSG.noProductsFound)}
      />
    </>
  );
}
