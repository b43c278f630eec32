import { useSearchParams } from 'react-router';
import { MSG, PRODUCT_SORT_KEYS, PRODUCT_SORTS } from '@souq/shared';
import { PageTitle } from '../components/PageTitle';
import { ParamSelect } from '../components/ParamSelect';
import { ProductGrid } from '../components/ProductGrid';
import { useShopProducts } from '../features/catalog/api';
import { shopParams } from '../features/catalog/shop-params';
const SORT_OPTIONS = PRODUCT_SORT_KEYS.map((key) => ({ value: key, label: PRODUCT_SORTS[key] }));

export default function ShopPage() {
  const [params] = useSearchParams();
  const { category, sort } = shopParams(params);
  const list = useShopProducts(params);

  return (
    <>
      <PageTitle subtitle={category ? `Showing ${category}` : 'Fixed-price products from sellers across the Gulf.'}>
        Shop Now
      </PageTitle>
      <div className="toolbar">
        <ParamSelect label="Sort by" param="sort" value={sort} options={SORT_OPTIONS} />
      </div>
      <ProductGrid
        {...list}
        onMore={list.more}
        loadingLabel={MSG.loadingProducts}
        emptyTitle={MSG.noProductsInCategory}
      />
    </>
  );
}
