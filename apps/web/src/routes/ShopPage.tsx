import { useSearchParams } from 'react-router';
import { MSG } from '@souq/shared';
import { useCategoryName, useSortOptions } from '../components/category-names';
import { PageTitle } from '../components/PageTitle';
import { ParamSelect } from '../components/ParamSelect';
import { ProductGrid } from '../components/ProductGrid';
import { useShopProducts } from '../features/catalog/api';
import { shopParams } from '../features/catalog/shop-params';
import { useT } from '../i18n';

export default function ShopPage() {
  const [params] = useSearchParams();
  const { category, sort } = shopParams(params);
  const list = useShopProducts(params);
  const { t, m } = useT();
  const categoryName = useCategoryName();
  const sortOptions = useSortOptions();

  return (
    <>
      <PageTitle
        subtitle={
          category ? t('catalog.shop.showing', { category: categoryName(category) }) : t('catalog.shop.subtitle')
        }
      >
        {t('catalog.shop.title')}
      </PageTitle>
      <div className="toolbar">
        <ParamSelect label={t('catalog.sortBy')} param="sort" value={sort} options={sortOptions} />
      </div>
      <ProductGrid
        {...list}
        onMore={list.more}
        loadingLabel={m(MSG.loadingProducts)}
        emptyTitle={m(MSG.noProductsInCategory)}
      />
    </>
  );
}
