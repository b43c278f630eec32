import { z } from 'zod';
import { CATEGORIES } from '../categories.js';
import { MSG } from '../messages.js';
import { characterCount, decimal, emailAddress, hasControlCharacters, plainText, truncateCharacters } from '../text.js';
import { username } from './auth.js';
import { typedDigits, typedNumber } from '../validation.js';
import { PRODUCT_SORT_KEYS, type ProductSort } from '../product-sorts.js';
import { blankToUndefined } from './blank.js';

export const CONDITIONS = ['new', 'used', 'refurbished'] as const;
export type Condition = (typeof CONDITIONS)[number];

/** Ten million dirhams: larger prices are typos, and every amount stays far inside 2^53. */
export const MAX_FILS = 1_000_000_000;
export const MAX_IMAGES = 8;
export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
export const MAX_KEYWORDS = 20;

export const DIMENSIONS_PATTERN = /^\s*\d+\s*[xX×]\s*\d+\s*[xX×]\s*\d+\s*$/;
/** The dimensions column's size, for the normalised "LxWxH". */
export const DIMENSIONS_MAX = 50;

const text = (min: number, message: string, max: number, maxMessage: string, multiline = false) =>
  plainText({ required: message, min: [min, message], max: [max, maxMessage], multiline });

/** Integer fils, as a number or as digits in any of the three sets (validation.ts typedNumber). */
const fils = (message: string) =>
  typedNumber(z.number({ error: message }).int(message).positive(message).max(MAX_FILS, MSG.priceTooLarge));

const optionalText = (max: number, message: string, multiline = false) =>
  z
    .preprocess(
      blankToUndefined,
      plainText({ required: message, min: [0, message], max: [max, message], multiline }).optional(),
    )
    .transform((v) => (v ? v : null));

/** The stored sort key is the lowercased title, which can be longer than the title ('İ' lowercases to two characters). */
export const TITLE_KEY_MAX = 200;

/** The lowercase title products sort by, cut to its column's size (a sort key needs no more). */
export function titleKey(title: string): string {
  return truncateCharacters(title.toLowerCase(), TITLE_KEY_MAX);
}

export const KEYWORD_MAX = 40;

/** Lowercase, trimmed, unique keywords from a list or a comma-separated string, plus the category, so search finds it. */
/** A comma, or the Arabic comma an Arabic keyboard types (،). */
const KEYWORD_SEPARATOR = /[,\u060C]/;

export function normalizeKeywords(input: string | readonly string[] | undefined, category: string): string[] {
  const raw = typeof input === 'string' ? input.split(KEYWORD_SEPARATOR) : (input ?? []);
  const words = raw.map((k) => k.trim().toLowerCase()).filter((k) => k.length > 0 && characterCount(k) <= KEYWORD_MAX);
  return [...new Set([...words, category.toLowerCase()])];
}

/** One keyword or the comma-separated list: normalised like any text, control characters refused. */
const keywordText = z
  .string({ error: MSG.controlCharacters })
  .normalize('NFC')
  .max(MAX_KEYWORDS * (KEYWORD_MAX + 10), MSG.keywordTooLong)
  .refine((v) => !hasControlCharacters(v), MSG.controlCharacters);

/** What the seller types ("10 x 20 x 30") becomes "10x20x30", which must fit its column. */
const dimensions = typedDigits(
  z
    .string({ error: MSG.dimensionsFormat })
    .max(200, MSG.dimensionsTooLong)
    .regex(DIMENSIONS_PATTERN, MSG.dimensionsFormat)
    .transform((v) => v.replace(/\s+/g, '').replace(/[X×]/g, 'x'))
    .refine((v) => v.length <= DIMENSIONS_MAX, MSG.dimensionsTooLong),
);

const productShape = {
  title: text(3, MSG.titleTooShort, 120, MSG.titleTooLong),
  description: text(10, MSG.descriptionTooShort, 5000, MSG.descriptionTooLong, true),
  /** Beside the title and description, in Arabic (issue 29). A seller writing only Arabic uses those. */
  titleAr: optionalText(120, MSG.titleTooLong),
  descriptionAr: optionalText(5000, MSG.descriptionTooLong, true),
  category: z.enum(CATEGORIES, { error: MSG.selectCategory }),
  price: fils(MSG.pricePositive),
  previousPrice: z.preprocess(blankToUndefined, fils(MSG.previousPricePositive).optional()).transform((v) => v ?? null),
  condition: z.preprocess(blankToUndefined, z.enum(CONDITIONS, { error: MSG.selectCondition }).default('new')),
  brand: text(1, MSG.brandRequired, 100, MSG.brandTooLong),
  dimensions: z.preprocess(blankToUndefined, dimensions.optional()).transform((v) => v ?? null),
  weight: typedNumber(
    z.number({ error: MSG.weightPositive }).positive(MSG.weightPositive).max(100_000, MSG.weightPositive),
  ),
  countryOfOrigin: optionalText(100, MSG.countryTooLong),
  keywords: z
    .union([keywordText, z.array(keywordText)], { error: MSG.tooManyKeywords })
    .optional()
    .refine(
      (v) => (typeof v === 'string' ? v.split(KEYWORD_SEPARATOR) : (v ?? [])).length <= MAX_KEYWORDS,
      MSG.tooManyKeywords,
    ),
};

/** Add product. Prices are integer fils; the form converts what the seller types. */
export const ProductSchema = z
  .object(productShape)
  .transform((p) => ({ ...p, keywords: normalizeKeywords(p.keywords, p.category) }));
export type ProductInput = z.output<typeof ProductSchema>;

/** Edit product: as adding, and dimensions and country of origin are required too. */
export const EditProductSchema = z
  .object({
    ...productShape,
    dimensions,
    countryOfOrigin: text(1, MSG.countryRequired, 100, MSG.countryTooLong),
  })
  .transform((p) => ({ ...p, keywords: normalizeKeywords(p.keywords, p.category) }));
export type EditProductInput = z.output<typeof EditProductSchema>;

export const REVIEW_MIN = 3;
export const REVIEW_MAX = 500;

/** Review: text 3–500 characters after trimming, rating 1–5 with 5 by default. */
export const ReviewSchema = z.object({
  text: plainText({
    required: MSG.reviewBlank,
    min: [REVIEW_MIN, MSG.reviewLength],
    max: [REVIEW_MAX, MSG.reviewLength],
    multiline: true,
  }),
  rating: z.preprocess(
    blankToUndefined,
    decimal(
      z.number({ error: MSG.ratingRange }).int(MSG.ratingRange).min(1, MSG.ratingRange).max(5, MSG.ratingRange),
    ).default(5),
  ),
});
export type ReviewInput = z.output<typeof ReviewSchema>;

/**
 * The public face of a profile. The contact email is opt-in: blank means none is shown, and it
 * never defaults to the sign-in email, which stays private.
 */
export const ProfileSchema = z.object({
  username: username(MSG.usernameRequired),
  bio: z.preprocess(
    (v) => v ?? '',
    plainText({ required: MSG.bioTooLong, min: [0, MSG.bioTooLong], max: [500, MSG.bioTooLong], multiline: true }),
  ),
  contactEmail: z
    .preprocess(blankToUndefined, emailAddress(MSG.invalidEmail, MSG.invalidEmail).optional())
    .transform((v) => v ?? null),
});
export type ProfileInput = z.output<typeof ProfileSchema>;

/** A page cursor as we issue them (lib/cursor.ts decodes it and checks what is inside). */
export const CursorSchema = z.string({ error: MSG.invalidCursor }).max(500, MSG.invalidCursor);

/** `?limit=` as decimal text; blank means the default. */
export const pageLimit = z.preprocess(
  blankToUndefined,
  decimal(
    z.number({ error: MSG.invalidLimit }).int(MSG.invalidLimit).min(1, MSG.invalidLimit).max(60, MSG.invalidLimit),
  ).default(24),
);

/** The query of any list that is only paged (a profile's products, my likes, a product's reviews). */
export const PageQuerySchema = z.object({
  cursor: z
    .preprocess(blankToUndefined, CursorSchema.optional())
    .describe("The previous page's `nextCursor`, for the page after it; omit for the first page."),
});
export type PageQuery = z.output<typeof PageQuerySchema>;

export const ProductListQuerySchema = z.object({
  category: z
    .preprocess(blankToUndefined, z.enum(CATEGORIES, { error: MSG.selectCategory }).optional())
    .describe('Only products of this category; omit for every category.'),
  sort: z
    .preprocess(
      blankToUndefined,
      z.enum(PRODUCT_SORT_KEYS as [ProductSort, ...ProductSort[]], { error: MSG.invalidSort }).default('popular'),
    )
    .describe(
      `The order: ${PRODUCT_SORT_KEYS.map((k) => `\`${k}\``).join(', ')}; \`popular\` (sales, reviews and likes, weighed in that order) when omitted.`,
    ),
  cursor: z
    .preprocess(blankToUndefined, CursorSchema.optional())
    .describe(
      "The previous page's `nextCursor`, with the same `sort`, for the page after it; omit for the first page.",
    ),
  limit: pageLimit.describe('How many products a page holds, 1 to 60; 24 when omitted.'),
});
export type ProductListQuery = z.output<typeof ProductListQuerySchema>;

export const SEARCH_FIELDS = ['name', 'price', 'rating'] as const;
export const SearchQuerySchema = z.object({
  q: plainText({
    required: MSG.searchInvalid,
    min: [0, MSG.searchInvalid],
    max: [100, MSG.searchTooLong],
    invalid: MSG.searchInvalid,
  })
    .default('')
    .describe(
      'The text to find (up to 100 characters) in titles in either language, categories and keywords, whatever its case.',
    ),
  sort: z
    .preprocess(blankToUndefined, z.enum(SEARCH_FIELDS, { error: MSG.invalidSort }).default('name'))
    .describe('What to sort by: `name`, `price` or `rating`; `name` when omitted.'),
  order: z
    .preprocess(blankToUndefined, z.enum(['asc', 'desc'], { error: MSG.invalidSort }).default('asc'))
    .describe('`asc` or `desc`; `asc` when omitted.'),
  cursor: z
    .preprocess(blankToUndefined, CursorSchema.optional())
    .describe(
      "The previous page's `nextCursor`, with the same `q`, `sort` and `order`, for the page after it; omit for the first page.",
    ),
  limit: pageLimit.describe('How many products a page holds, 1 to 60; 24 when omitted.'),
});
export type SearchQuery = z.output<typeof SearchQuerySchema>;
