/** The 15 categories, in the order the category bar shows them. */
export const CATEGORIES = [
  'Watches',
  'Mobiles',
  'Laptops',
  'Beauty',
  'Cars',
  'Appliances',
  'Fragrances',
  'Eyewear',
  'Gaming',
  'Televisions',
  "Men's",
  "Women's",
  "Kid's",
  'Sports',
  'Deals',
] as const;

export type Category = (typeof CATEGORIES)[number];

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}
