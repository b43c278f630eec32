/** The shop's sorts and the labels its Sort dropdown shows. Kept apart from the schemas so the shop's first screen needs no zod. */
export const PRODUCT_SORTS = {
  'price-asc': 'Price low to high',
  'price-desc': 'Price high to low',
  'title-asc': 'Alphabetical A-Z',
  'title-desc': 'Alphabetical Z-A',
  'rating-desc': 'Rating high to low',
  'rating-asc': 'Rating low to high',
  popular: 'Most Popular',
} as const;
export type ProductSort = keyof typeof PRODUCT_SORTS;
export const PRODUCT_SORT_KEYS = Object.keys(PRODUCT_SORTS) as ProductSort[];
