import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  EditProductSchema,
  MAX_IMAGES,
  MSG,
  normalizeKeywords,
  ProductListQuerySchema,
  ProductSchema,
  SearchQuerySchema,
  firstMessage,
  toFieldErrors,
  type Page,
  type ProductDetail,
  type ProductSort,
  type EditProductInput,
  type ProductInput,
  type ProductSummary,
} from '@souq/shared';
import type { DialectName } from '../../db/database.js';
import type { DB, UserRow } from '../../db/schema.js';
import { AppError, parseInput } from '../../http/errors.js';
import type { MultipartBody } from '../../http/multipart.js';
import { decodeCursor, encodeCursor, pageOf } from '../../lib/cursor.js';
import type { MediaService } from '../../media/media-service.js';
import { isoClock } from '../../lib/clock.js';
import * as q from './queries.js';

type Trx = Transaction<DB>;

const PLACEHOLDER = { url: '/images/placeholder.svg', thumb: '/images/placeholder.svg' };

const SORTS: Record<ProductSort, q.SortSpec> = {
  'price-asc': { column: 'price', direction: 'asc' },
  'price-desc': { column: 'price', direction: 'desc' },
  'title-asc': { column: 'title_key', direction: 'asc' },
  'title-desc': { column: 'title_key', direction: 'desc' },
  'rating-desc': { column: 'rating', direction: 'desc' },
  'rating-asc': { column: 'rating', direction: 'asc' },
  popular: { column: 'popularity', direction: 'desc' },
};
const SEARCH_COLUMNS = { name: 'title_key', price: 'price', rating: 'rating' } as const;
const CURSOR_VALUE_FITS: Record<q.SortColumn, (v: string | number) => boolean> = {
  price: Number.isSafeInteger,
  popularity: Number.isSafeInteger,
  rating: Number.isFinite,
  title_key: (v) => typeof v === 'string',
  created_at: (v) => typeof v === 'string',
};

export interface CatalogDeps {
  db: Kysely<DB>;
  dialect: DialectName;
  media: MediaService;
  /** Keeps the seller's post count in step, inside the same transaction. */
  adjustPostsCount: (trx: Trx, userId: string, delta: number) => Promise<void>;
  now?: () => Date;
}

/**
 * The columns derived from a product's words: the lowercase sort key, the keywords (lowercase,
 * with the category, spec §3) and what search matches against, one per line. Everything that
 * writes a product row goes through here, so search and sorting always agree with the product.
 */
export function derivedColumns(title: string, category: string, keywords: string | readonly string[] | undefined) {
  const list = normalizeKeywords(keywords, category);
  return { title_key: title.toLowerCase(), keywords: JSON.stringify(list), search_text: [title, category, ...list].join('\n').toLowerCase() };
}

/** The columns a seller's input sets, with the derived sort key and search text kept in step. */
function productColumns(input: ProductInput | EditProductInput) {
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    price: input.price,
    previous_price: input.previousPrice,
    condition: input.condition,
    brand: input.brand,
    dimensions: input.dimensions,
    weight: input.weight,
    country_of_origin: input.countryOfOrigin,
    ...derivedColumns(input.title, input.category, input.keywords),
  };
}


export type CatalogService = ReturnType<typeof createCatalogService>;

export function createCatalogService(deps: CatalogDeps) {
  const { db, media } = deps;
  const now = isoClock(deps.now);

  function summary(row: q.SummaryRow): ProductSummary {
    const keys = JSON.parse(row.images) as string[];
    return {
      id: row.id,
      title: row.title,
      category: row.category,
      price: row.price,
      previousPrice: row.previous_price,
      rating: row.rating,
      reviewCount: row.review_count,
      likeCount: row.like_count,
      image: keys[0] ? media.imageUrls(keys[0]) : PLACEHOLDER,
      ownerId: row.owner_id,
      isAuction: row.is_auction === 1,
      createdAt: row.created_at,
    };
  }

  async function page(filter: Parameters<typeof q.listPage>[1], sort: q.SortSpec, limit: number, cursor?: string): Promise<Page<ProductSummary>> {
    const after = decodeCursor(cursor);
    // A cursor made for another sort, or forged, is a bad request, not a type error in the database.
    if (after && !CURSOR_VALUE_FITS[sort.column](after[0])) throw new AppError('VALIDATION_FAILED', MSG.invalidCursor);
    const rows = await q.listPage(db, filter, sort, limit + 1, after);
    return pageOf(rows, limit, summary, (r) => encodeCursor(r[sort.column], r.id));
  }

  async function owned(user: UserRow, id: string) {
    const product = await q.findProduct(db, id);
    if (!product) throw new AppError('NOT_FOUND', MSG.productNotFound);
    if (product.owner_id !== user.id) throw new AppError('FORBIDDEN', MSG.notProductOwner);
    return product;
  }

  /** Field errors and file errors together, so the seller sees everything to fix at once. */
  function validateNewProduct(body: MultipartBody) {
    const parsed = ProductSchema.safeParse(body.fields);
    const images = body.files.filter((f) => f.field === 'images').map((f) => f.data);
    const fields = parsed.success ? {} : toFieldErrors(parsed.error);
    if (images.length === 0) fields.images = MSG.imageRequired;
    if (images.length > MAX_IMAGES) fields.images = MSG.tooManyImages;
    if (!parsed.success || fields.images) {
      const message = parsed.success ? fields.images! : firstMessage(parsed.error);
      throw new AppError('VALIDATION_FAILED', message, fields);
    }
    const invoices = body.files.filter((f) => f.field === 'invoice');
    return { input: parsed.data, images, invoice: invoices[0]?.data };
  }

  return {
    summary,

    async create(user: UserRow, body: MultipartBody): Promise<{ id: string }> {
      const { input, images, invoice } = validateNewProduct(body);
      const imageKeys = await media.storeImages('products', images);
      let invoiceKey: string | null = null;
      try {
        if (invoice) invoiceKey = await media.storeInvoice(invoice);
        const id = crypto.randomUUID();
        await db.transaction().execute(async (trx) => {
          await q.insertProduct(trx, {
            id,
            owner_id: user.id,
            ...productColumns(input),
            images: JSON.stringify(imageKeys),
            invoice_key: invoiceKey,
            related_auction: null,
            created_at: now(),
          });
          await deps.adjustPostsCount(trx, user.id, 1);
        });
        return { id };
      } catch (error) {
        // Nothing was saved, so nothing may stay on disk either.
        await media.removeImages(imageKeys);
        await media.removeFile(invoiceKey);
        throw error;
      }
    },

    async update(user: UserRow, id: string, body: unknown): Promise<void> {
      const input = parseInput(EditProductSchema, body);
      await owned(user, id);
      await q.updateProduct(db, id, productColumns(input));
    },

    async remove(user: UserRow, id: string): Promise<void> {
      const product = await owned(user, id);
      await db.transaction().execute(async (trx) => {
        await q.deleteProduct(trx, id);
        await deps.adjustPostsCount(trx, user.id, -1);
      });
      await media.removeImages(JSON.parse(product.images) as string[]);
      await media.removeFile(product.invoice_key);
    },

    /** The product page, less "have I reviewed it", which is the reviews module's to answer. */
    async detail(viewer: UserRow | null, id: string): Promise<Omit<ProductDetail, 'reviewedByMe'>> {
      const row = await q.findProductWithSeller(db, id);
      if (!row) throw new AppError('NOT_FOUND', MSG.productNotFound);
      const keys = JSON.parse(row.images) as string[];
      const isOwner = viewer?.id === row.owner_id;
      const likedByMe = viewer ? await q.isLiked(db, id, viewer.id) : false;
      return {
        ...summary(row),
        description: row.description,
        condition: row.condition,
        brand: row.brand,
        dimensions: row.dimensions,
        weight: row.weight,
        countryOfOrigin: row.country_of_origin,
        keywords: JSON.parse(row.keywords) as string[],
        images: keys.length ? keys.map((k) => media.imageUrls(k)) : [PLACEHOLDER],
        seller: { id: row.owner_id, username: row.seller_username, profilePic: row.seller_pic },
        likedByMe,
        isOwner,
        invoiceUrl: isOwner && row.invoice_key ? `/api/products/${id}/invoice` : null,
      };
    },

    async list(query: unknown): Promise<Page<ProductSummary>> {
      const input = parseInput(ProductListQuerySchema, query);
      return page({ category: input.category, shopOnly: true }, SORTS[input.sort], input.limit, input.cursor);
    },

    /** Case-insensitive containment in the title, the category or a keyword (spec §5). */
    async search(query: unknown): Promise<Page<ProductSummary>> {
      const input = parseInput(SearchQuerySchema, query);
      if (!input.q) return { items: [], nextCursor: null };
      return page({ search: { text: input.q, dialect: deps.dialect }, shopOnly: true }, { column: SEARCH_COLUMNS[input.sort], direction: input.order }, input.limit, input.cursor);
    },

    byOwner: (ownerId: string, cursor?: string) => page({ ownerId }, { column: 'created_at', direction: 'desc' }, 24, cursor),

    async likedBy(userId: string, cursor?: string): Promise<Page<ProductSummary>> {
      const rows = await q.likedPage(db, userId, 25, decodeCursor(cursor));
      return pageOf(rows, 24, summary, (r) => encodeCursor(r.liked_at, r.id));
    },

    async like(user: UserRow, id: string): Promise<{ liked: true; likeCount: number }> {
      await db.transaction().execute(async (trx) => {
        if (!(await q.findProduct(trx, id))) throw new AppError('NOT_FOUND', MSG.productNotFound);
        if (await q.insertLike(trx, id, user.id, now())) await q.bumpCounters(trx, id, { likes: 1 });
      });
      return { liked: true, likeCount: (await q.findProduct(db, id))?.like_count ?? 0 };
    },

    async unlike(user: UserRow, id: string): Promise<{ liked: false; likeCount: number }> {
      await db.transaction().execute(async (trx) => {
        if (await q.deleteLike(trx, id, user.id)) await q.bumpCounters(trx, id, { likes: -1 });
      });
      const product = await q.findProduct(db, id);
      if (!product) throw new AppError('NOT_FOUND', MSG.productNotFound);
      return { liked: false, likeCount: product.like_count };
    },

    async invoice(user: UserRow, id: string) {
      const product = await owned(user, id);
      const file = product.invoice_key ? await media.readPrivate(product.invoice_key) : null;
      if (!file) throw new AppError('NOT_FOUND', MSG.notFound);
      return file;
    },

    /**
     * For reviews: counts the review first, which takes the product's row lock, so the rating
     * recomputed after the insert sees every review committed before it. False if no product.
     */
    async countReview(trx: Trx, productId: string): Promise<boolean> {
      const result = await q.bumpCounters(trx, productId, { reviews: 1 });
      return Number(result.numUpdatedRows) === 1;
    },

    recomputeRating: (trx: Trx, productId: string) => q.recomputeRating(trx, productId),

    /** The seller's id, or undefined when there is no such product. */
    ownerOf: async (trx: Trx, productId: string) => (await q.findProduct(trx, productId))?.owner_id,

    /** For checkout: the server's own prices, whatever the browser's cart says. */
    pricesFor: async (trx: Trx, ids: string[]) =>
      (await q.findPrices(trx, ids)).map((p) => ({
        id: p.id,
        title: p.title,
        price: p.price,
        ownerId: p.owner_id,
        purchasable: p.is_auction === 0,
        image: (JSON.parse(p.images) as string[])[0] ? media.imageUrls((JSON.parse(p.images) as string[])[0]!).thumb : PLACEHOLDER.thumb,
      })),

    recordSale: (trx: Trx, productId: string, quantity: number) => q.bumpCounters(trx, productId, { sold: quantity }),
  };
}
