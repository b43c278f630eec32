import { useSearchParams } from 'react-router';
import { isCategory, MSG, PRODUCT_SORT_KEYS, PRODUCT_SORTS, type ProductSort } from '@souq/shared';
import { PageTitle } from '../components/PageTitle';
import { ParamSelect } from '../components/ParamSelect';
import { ProductGrid } from '../components/ProductGrid';
import { usePagedProducts } from '../features/catalog/usePagedProducts';

const isSort = (v: string | null): v is ProductSort => v !== null && (PRODUCT_SORT_KEYS as string[]).includes(v);
const SORT_OPTIONS = PRODUCT_SORT_KEYS.map((key) => ({ value: key, label: PRODUCT_SORTS[key] }));

export default function ShopPage() {
  const [params] = useSearchParams();
  const category = params.get('category');
  const requested = params.get('sort');
  const sort: ProductSort = isSort(requested) ? requested : 'popular';
  const list = usePagedProducts('/api/products', { category: isCategory(category) ? category : undefined, sort });

  return (
    <>
      <PageTitle subtitle={category ? `Showing ${category}` : 'Fixed-price products from sellers across the Gulf.'}>Shop Now</PageTitle>
      <div className="toolbar">
        <ParamSelect label="Sort by" param="sort" value={sort} options={SORT_OPTIONS} />
      </div>
      <ProductGrid {...list} onMore={list.more} loadingLabel={MSG.loadingProducts} emptyTitle={MSG.noProductsInCategory} />
    </>
  );
}
