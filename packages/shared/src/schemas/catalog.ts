import { z } from 'zod';
import { CATEGORIES } from '../categories.js';
import { MSG } from '../messages.js';

export const CONDITIONS = ['new', 'used', 'refurbished'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** Ten million dirhams: larger prices are typos, and every amount stays far inside 2^53. */
export const MAX_FILS = 1_000_000_000;
export const MAX_IMAGES = 8;
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
export const MAX_KEYWORDS = 20;

export const DIMENSIONS_PATTERN = /^\s*\d+\s*[xX×]\s*\d+\s*[xX×]\s*\d+\s*$/;

/** Multipart forms send every field as text; '' means "not given". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

const text = (min: number, message: string, max: number, maxMessage: string) =>
  z.string({ error: message }).trim().min(min, message).max(max, maxMessage);

const fils = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(MAX_FILS, MSG.priceTooLarge);

const optionalText = (max: number, message: string) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, message).optional()).transform((v) => (v ? v : null));

/** Lowercase, trimmed, unique keywords from a list or a comma-separated string, plus the category (spec §3). */
export function normalizeKeywords(input: string | readonly string[] | undefined, category: string): string[] {
  const raw = typeof input === 'string' ? input.split(',') : (input ?? []);
  const words = raw.map((k) => k.trim().toLowerCase()).filter((k) => k.length > 0 && k.length <= 40);
  return [...new Set([...words, category.toLowerCase()])];
}

const productShape = {
  title: text(3, MSG.titleTooShort, 120, MSG.titleTooLong),
  description: text(10, MSG.descriptionTooShort, 5000, MSG.descriptionTooLong),
  category: z.enum(CATEGORIES, { error: MSG.selectCategory }),
  price: fils(MSG.pricePositive),
  previousPrice: z.preprocess(blankToUndefined, fils(MSG.previousPricePositive).optional()).transform((v) => v ?? null),
  condition: z.preprocess(blankToUndefined, z.enum(CONDITIONS, { error: MSG.selectCondition }).default('new')),
  brand: text(1, MSG.brandRequired, 100, MSG.brandTooLong),
  dimensions: z
    .preprocess(blankToUndefined, z.string().regex(DIMENSIONS_PATTERN, MSG.dimensionsFormat).optional())
    .transform((v) => (v ? v.replace(/\s+/g, '').replace(/[X×]/g, 'x') : null)),
  weight: z.coerce.number({ error: MSG.weightPositive }).positive(MSG.weightPositive).max(100_000, MSG.weightPositive),
  countryOfOrigin: optionalText(100, MSG.countryTooLong),
  keywords: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .refine((v) => (typeof v === 'string' ? v.split(',') : (v ?? [])).length <= MAX_KEYWORDS, MSG.tooManyKeywords),
};

/** Add product (spec §5). Prices are integer fils; the form converts what the seller types. */
export const ProductSchema = z
  .object(productShape)
  .transform((p) => ({ ...p, keywords: normalizeKeywords(p.keywords, p.category) }));
export type ProductInput = z.output<typeof ProductSchema>;

/** Edit product: the spec also requires dimensions and country of origin. */
export const EditProductSchema = z
  .object({
    ...productShape,
    dimensions: z
      .string({ error: MSG.dimensionsFormat })
      .regex(DIMENSIONS_PATTERN, MSG.dimensionsFormat)
      .transform((v) => v.replace(/\s+/g, '').replace(/[X×]/g, 'x')),
    countryOfOrigin: text(1, MSG.countryRequired, 100, MSG.countryTooLong),
  })
  .transform((p) => ({ ...p, keywords: normalizeKeywords(p.keywords, p.category) }));
export type EditProductInput = z.output<typeof EditProductSchema>;

export const REVIEW_MIN = 3;
export const REVIEW_MAX = 500;

/** Review (spec §5): text 3–500 after trimming, rating 1–5 with 5 by default. */
export const ReviewSchema = z.object({
  text: z
    .string({ error: MSG.reviewBlank })
    .trim()
    .min(1, MSG.reviewBlank)
    .min(REVIEW_MIN, MSG.reviewLength)
    .max(REVIEW_MAX, MSG.reviewLength),
  rating: z.preprocess(blankToUndefined, z.coerce.number({ error: MSG.ratingRange }).int(MSG.ratingRange).min(1, MSG.ratingRange).max(5, MSG.ratingRange).default(5)),
});

export const ProfileSchema = z.object({
  username: z.string({ error: MSG.usernameRequired }).trim().min(1, MSG.usernameRequired).min(3, MSG.usernameTooShort).max(30, MSG.usernameTooLong).regex(/^[\p{L}\p{N}._-]+$/u, MSG.usernameCharacters),
  bio: z.preprocess((v) => v ?? '', z.string().trim().max(500, MSG.bioTooLong)),
  contactEmail: z.preprocess(
    blankToUndefined,
    z.string().trim().max(254, MSG.invalidEmail).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, MSG.invalidEmail).toLowerCase().optional(),
  ).transform((v) => v ?? null),
});

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

export const ProductListQuerySchema = z.object({
  category: z.preprocess(blankToUndefined, z.enum(CATEGORIES, { error: MSG.selectCategory }).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(PRODUCT_SORT_KEYS as [ProductSort, ...ProductSort[]], { error: MSG.invalidSort }).default('popular')),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(60).default(24),
});

export const SEARCH_FIELDS = ['name', 'price', 'rating'] as const;
export const SearchQuerySchema = z.object({
  q: z.string().trim().max(100, MSG.searchTooLong).default(''),
  sort: z.preprocess(blankToUndefined, z.enum(SEARCH_FIELDS, { error: MSG.invalidSort }).default('name')),
  order: z.preprocess(blankToUndefined, z.enum(['asc', 'desc'], { error: MSG.invalidSort }).default('asc')),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(60).default(24),
});
