import { useSearchParams } from 'react-router';
import { MSG, SEARCH_FIELDS } from '@souq/shared';
import { PageTitle } from '../components/PageTitle';
import { ProductGrid } from '../components/ProductGrid';
import { usePagedProducts } from '../features/catalog/usePagedProducts';

const FIELD_LABELS: Record<(typeof SEARCH_FIELDS)[number], string> = { name: 'Name', price: 'Price', rating: 'Rating' };

export default function SearchPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const sort = (SEARCH_FIELDS as readonly string[]).includes(params.get('sort') ?? '') ? params.get('sort')! : 'name';
  const order = params.get('order') === 'desc' ? 'desc' : 'asc';
  const results = usePagedProducts('/api/search', { q, sort, order }, q.length > 0);
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    next.set(key, value);
    setParams(next, { replace: true });
  };

  return (
    <>
      <PageTitle>{q ? `Results for “${q}”` : 'Search'}</PageTitle>
      <div className="toolbar">
        <label className="select">
          <span>Sort by</span>
          <select value={sort} onChange={(e) => set('sort', e.target.value)}>
            {SEARCH_FIELDS.map((f) => (
              <option key={f} value={f}>
                {FIELD_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
        <label className="select">
          <span>Order</span>
          <select value={order} onChange={(e) => set('order', e.target.value)}>
            <option value="asc">Ascending</option>
            <option value="desc">Descending</option>
          </select>
        </label>
      </div>
      <ProductGrid {...results} onMore={results.more} loadingLabel="Searching…" emptyTitle={MSG.noProductsFound} />
    </>
  );
}
