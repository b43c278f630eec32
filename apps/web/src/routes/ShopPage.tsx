import { useSearchParams } from 'react-router';
import { EmptyState } from '../components/EmptyState';
import { PageTitle } from '../components/PageTitle';

export const SHOP_SORTS = [
  'Price low to high',
  'Price high to low',
  'Alphabetical A-Z',
  'Alphabetical Z-A',
  'Rating high to low',
  'Rating low to high',
  'Most Popular',
] as const;

export default function ShopPage() {
  const [params] = useSearchParams();
  const category = params.get('category');
  return (
    <>
      <PageTitle subtitle={category ? `Showing ${category}` : 'Fixed-price products from sellers across the Gulf.'}>Shop Now</PageTitle>
      <div className="toolbar">
        <label className="select">
          <span>Sort by</span>
          <select defaultValue="Most Popular">
            {SHOP_SORTS.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
      </div>
      <EmptyState title="No products available in this category..." />
    </>
  );
}
