import { useCallback } from 'react';
import { isCategory, PRODUCT_SORT_KEYS, type Category, type ProductSort } from '@souq/shared';
import { useT, type MessageKey } from '../i18n';

/** Each category's name in the catalogs (the English there is the category itself, as the server keeps it). */
const CATEGORY_KEYS: Record<Category, MessageKey> = {
  Watches: 'catalog.category.watches',
  Mobiles: 'catalog.category.mobiles',
  Laptops: 'catalog.category.laptops',
  Beauty: 'catalog.category.beauty',
  Cars: 'catalog.category.cars',
  Appliances: 'catalog.category.appliances',
  Fragrances: 'catalog.category.fragrances',
  Eyewear: 'catalog.category.eyewear',
  Gaming: 'catalog.category.gaming',
  Televisions: 'catalog.category.televisions',
  "Men's": 'catalog.category.mens',
  "Women's": 'catalog.category.womens',
  "Kid's": 'catalog.category.kids',
  Sports: 'catalog.category.sports',
  Deals: 'catalog.category.deals',
};

/**
 * A category's name in the page's language: `categoryName('Mobiles')` is "Mobiles" in English,
 * "الهواتف المحمولة" in Arabic. The URL and the server keep the English id; anything that is not
 * one of the 15 is shown as it is.
 */
export function useCategoryName(): (category: string) => string {
  const { t } = useT();
  return useCallback((category: string) => (isCategory(category) ? t(CATEGORY_KEYS[category]) : category), [t]);
}

const SORT_KEYS: Record<ProductSort, MessageKey> = {
  'price-asc': 'catalog.sort.price-asc',
  'price-desc': 'catalog.sort.price-desc',
  'title-asc': 'catalog.sort.title-asc',
  'title-desc': 'catalog.sort.title-desc',
  'rating-desc': 'catalog.sort.rating-desc',
  'rating-asc': 'catalog.sort.rating-asc',
  popular: 'catalog.sort.popular',
};

/** The shop's sorts as its Sort dropdown shows them, in the page's language (PRODUCT_SORTS holds the English). */
export function useSortOptions(): { value: ProductSort; label: string }[] {
  const { t } = useT();
  return PRODUCT_SORT_KEYS.map((key) => ({ value: key, label: t(SORT_KEYS[key]) }));
}
