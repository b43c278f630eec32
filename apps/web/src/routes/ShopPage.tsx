import { useSearchParams } from 'react-router';
import { isCategory, MSG, PRODUCT_SORT_KEYS, PRODUCT_SORTS, type ProductSort } from '@souq/shared';
import { PageTitle } from '../components/PageTitle';
import { ProductGrid } from '../components/ProductGrid';
import { usePagedProducts } from '../features/catalog/usePagedProducts';

const isSort = (v: string | null): v is ProductSort => v !== null && (PRODUCT_SORT_KEYS as string[]).includes(v);

export default function ShopPage() {
  const [params, setParams] = useSearchParams();
  const category = params.get('category');
  const sort: ProductSort = isSort(params.get('sort')) ? (params.get('sort') as ProductSort) : 'popular';
  const list = usePagedProducts('/api/products', { category: isCategory(category) ? category : undefined, sort });

  return (
    <>
      <PageTitle subtitle={category ? `Showing ${category}` : 'Fixed-price products from sellers across the Gulf.'}>Shop Now</PageTitle>
      <div className="toolbar">
        <label className="select">
          <span>Sort by</span>
          <select
            value={sort}
            onChange={(e) => {
              const next = new URLSearchParams(params);
              next.set('sort', e.target.value);
              setParams(next, { replace: true });
            }}
          >
            {PRODUCT_SORT_KEYS.map((key) => (
              <option key={key} value={key}>
                {PRODUCT_SORTS[key]}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ProductGrid {...list} onMore={list.more} loadingLabel={MSG.loadingProducts} emptyTitle={MSG.noProductsInCategory} />
    </>
  );
}
