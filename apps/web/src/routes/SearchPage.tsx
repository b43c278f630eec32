import { useSearchParams } from 'react-router';
import { MSG, SEARCH_FIELDS } from '@souq/shared';
import { PageTitle } from '../components/PageTitle';
import { ParamSelect } from '../components/ParamSelect';
import { ProductGrid } from '../components/ProductGrid';
import { useSearchResults } from '../features/catalog/api';

const FIELD_LABELS: Record<(typeof SEARCH_FIELDS)[number], string> = { name: 'Name', price: 'Price', rating: 'Rating' };
const FIELD_OPTIONS = SEARCH_FIELDS.map((f) => ({ value: f, label: FIELD_LABELS[f] }));
const ORDER_OPTIONS = [
  { value: 'asc', label: 'Ascending' },
  { value: 'desc', label: 'Descending' },
];

export default function SearchPage() {
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const sort = (SEARCH_FIELDS as readonly string[]).includes(params.get('sort') ?? '') ? params.get('sort')! : 'name';
  const order = params.get('order') === 'desc' ? 'desc' : 'asc';
  const results = useSearchResults({ q, sort, order });

  return (
    <>
      <PageTitle>{q ? `Results for “${q}”` : 'Search'}</PageTitle>
      <div className="toolbar">
        <ParamSelect label="Sort by" param="sort" value={sort} options={FIELD_OPTIONS} />
        <ParamSelect label="Order" param="order" value={order} options={ORDER_OPTIONS} />
      </div>
      <ProductGrid {...results} onMore={results.more} loadingLabel="Searching…" emptyTitle={MSG.noProductsFound} />
    </>
  );
}
