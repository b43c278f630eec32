import crypto from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  MSG,
  normalizeKeywords,
  ProductListQuerySchema,
  foldForSearch,
  isId,
  productIdInPath,
  productPath,
  titleKey,
  type Page,
  type PageQuery,
  type ProductDetail,
  type ProductListQuery,
  type ProductSort,
  type EditProductInput,
  type ProductInput,
  type ProductSummary,
  type SearchQuery,
} from '@souq/shared';
import type { DialectName } from '../../db/database.js';
import type { DB, UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { decodeCursor, encodeCursor, pageOf } from '../../lib/cursor.js';
import type { UploadSource } from '../../media/images.js';
import { decodeImageKeys, encodeImageKeys, firstImageKey } from '../../media/image-keys.js';
import { PLACEHOLDER_IMAGE, type MediaService } from '../../media/media-service.js';
import type { Clock } from '../../lib/clock.js';
import type { Publish } from '../../lib/events.js';
import '../../lib/listings.js';
import * as q from './queries.js';

type Trx = Transaction<DB>;

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
  // An integer column: a larger number would be an out-of-range error in PostgreSQL, not an empty page.
  popularity: (v) => Number.isInteger(v) && Math.abs(v as number) <= 2 ** 31 - 1,
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
  /** A product on an open auction is frozen: bidders bid on what they saw. */
  isOnOpenAuction: (productId: string) => Promise<boolean>;
  clock: Clock;
  /** Announces a new product once it is stored (saved-search alerts listen: ADR 0040). */
  publish: Publish;
}

/**
 * The columns derived from a product's words: the lowercase sort key, the keywords (lowercase,
 * the category always among them) and what search matches against, folded as queries are
 * (foldForSearch), one per line so a query cannot match across two of them. Everything that
 * writes a product row goes through here, so search and sorting always agree with the product.
 */
export function derivedColumns(
  title: string,
  category: string,
  keywords: string | readonly string[] | undefined,
  titleAr: string | null = null,
) {
  const list = normalizeKeywords(keywords, category);
  return {
    title_key: titleKey(title),
    keywords: JSON.stringify(list),
    // Both languages' titles: a search in either finds the product.
    search_text: [title, ...(titleAr ? [titleAr] : []), category, ...list].map(foldForSearch).join('\n'),
  };
}

/** The columns a seller's input sets, with the derived sort key and search text kept in step. */
function productColumns(input: ProductInput | EditProductInput) {
  return {
    title: input.title,
    description: input.description,
    title_ar: input.titleAr,
    description_ar: input.descriptionAr,
    category: input.category,
    price: input.price,
    previous_price: input.previousPrice,
    condition: input.condition,
    brand: input.brand,
    dimensions: input.dimensions,
    weight: input.weight,
    country_of_origin: input.countryOfOrigin,
    ...derivedColumns(input.title, input.category, input.keywords, input.titleAr),
  };
}

export interface NewProductFiles {
  images: UploadSource[];
  invoice?: UploadSource;
}

/** A product page's fields that are the viewer's own: none for someone signed out (no viewer, no like read). */
function viewerFieldsOf(
  row: { owner_id: string; invoice_key: string | null; liked_by_viewer?: unknown },
  viewerId: string | undefined,
  id: string,
) {
  const isOwner = viewerId === row.owner_id;
  return {
    // SQLite answers EXISTS with 0 or 1, PostgreSQL with a boolean.
    likedByMe: Boolean(row.liked_by_viewer),
    isOwner,
    invoiceUrl: isOwner && row.invoice_key ? `/api/products/${id}/invoice` : null,
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;

export function createCatalogService(deps: CatalogDeps) {
  const { db, media } = deps;

  function summary(row: q.SummaryRow): ProductSummary {
    return {
      id: row.id,
      title: row.title,
      titleAr: row.title_ar,
      category: row.category,
      price: row.price,
      previousPrice: row.previous_price,
      rating: row.rating,
      reviewCount: row.review_count,
      likeCount: row.like_count,
      image: media.firstImageOf(row.images),
      ownerId: row.owner_id,
      isAuction: row.is_auction === 1,
      auctionId: row.related_auction,
      createdAt: row.created_at,
    };
  }

  async function page(
    filter: Parameters<typeof q.listPage>[1],
    sort: q.SortSpec,
    limit: number,
    cursor?: string,
  ): Promise<Page<ProductSummary>> {
    const after = decodeCursor(cursor);
    // A cursor made for another sort, or forged, is a bad request, not a type error in the database.
    if (after && !CURSOR_VALUE_FITS[sort.column](after[0]))
      throw new DomainError('VALIDATION_FAILED', MSG.invalidCursor);
    const rows = await q.listPage(db, filter, sort, limit + 1, after);
    return pageOf(rows, limit, summary, (r) => encodeCursor(r[sort.column], r.id));
  }

  async function owned(user: UserRow, id: string) {
    const product = await q.findProduct(db, id);
    if (!product) throw new DomainError('NOT_FOUND', MSG.productNotFound);
    if (product.owner_id !== user.id) throw new DomainError('FORBIDDEN', MSG.notProductOwner);
    return product;
  }

  /** The seller's own product, when it is not on an open auction. */
  async function changeable(user: UserRow, id: string) {
    const product = await owned(user, id);
    if (product.is_auction === 1 && (await deps.isOnOpenAuction(id)))
      throw new DomainError('CONFLICT', MSG.productOnAuction);
    return product;
  }

  return {
    summary,

    /** The photos (one to eight, as the form's contract says) and the optional invoice come as files or bytes. */
    async create(user: UserRow, input: ProductInput, files: NewProductFiles): Promise<{ id: string }> {
      const { images, invoice } = files;
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
            images: encodeImageKeys(imageKeys),
            invoice_key: invoiceKey,
            related_auction: null,
            created_at: deps.clock.iso(),
          });
          await deps.adjustPostsCount(trx, user.id, 1);
        });
        deps.publish({
          type: 'listing.published',
          listing: {
            kind: 'product',
            id,
            sellerId: user.id,
            title: input.title,
            texts: [
              input.title,
              input.titleAr ?? '',
              input.category,
              ...normalizeKeywords(input.keywords, input.category),
            ],
            category: input.category,
            price: input.price,
            link: productPath(id),
          },
        });
        return { id };
      } catch (error) {
        // Nothing was saved, so nothing may stay in the store either.
        await media.removeImages(imageKeys);
        await media.removeFile(invoiceKey);
        throw error;
      }
    },

    async update(user: UserRow, id: string, input: EditProductInput): Promise<void> {
      await changeable(user, id);
      await q.updateProduct(db, id, productColumns(input));
    },

    async remove(user: UserRow, id: string): Promise<void> {
      const product = await changeable(user, id);
      await db.transaction().execute(async (trx) => {
        await q.deleteProduct(trx, id);
        await deps.adjustPostsCount(trx, user.id, -1);
      });
      // An auction keeps showing the photos it sold with: those files stay until no auction names them (the orphan sweep).
      if (!product.related_auction) await media.removeImages(decodeImageKeys(product.images));
      await media.removeFile(product.invoice_key);
    },

    /** The product page, less "have I reviewed it", which is the reviews module's to answer. */
    async detail(viewer: UserRow | null, id: string): Promise<Omit<ProductDetail, 'reviewedByMe'>> {
      const row = viewer ? await q.findProductSeenBy(db, id, viewer.id) : await q.findProductWithSeller(db, id);
      if (!row) throw new DomainError('NOT_FOUND', MSG.productNotFound);
      const own = viewerFieldsOf(row, viewer?.id, id);
      // Hidden by staff (issue 31): gone for everyone but its owner, who reads why.
      if (row.hidden_at !== null && !own.isOwner) throw new DomainError('NOT_FOUND', MSG.productNotFound);
      const images = media.imagesOf(row.images);
      // Not `{ ...summary(row), … }`: V8 builds a spread followed by a dozen properties about twenty times slower.
      return Object.assign(
        summary(row),
        {
          description: row.description,
          descriptionAr: row.description_ar,
          condition: row.condition,
          brand: row.brand,
          dimensions: row.dimensions,
          weight: row.weight,
          countryOfOrigin: row.country_of_origin,
          keywords: JSON.parse(row.keywords) as string[],
          images: images.length ? images : [PLACEHOLDER_IMAGE],
          seller: { id: row.owner_id, username: row.seller_username, profilePic: media.avatarUrl(row.seller_avatar) },
          auctionId: row.related_auction,
          hidden: row.hidden_at === null ? null : { at: row.hidden_at, reason: row.hidden_reason ?? '' },
        },
        own,
      );
    },

    /**
     * A product page's fields that are the signed-in viewer's own, to set over the answer everyone
     * signed out shares (issue 43): null when theirs is not that answer with fields changed (gone,
     * or hidden, which its owner reads with the reason).
     */
    async personalFields(viewer: UserRow, id: string) {
      const row = await q.findProductViewedBy(db, id, viewer.id);
      return row && row.hidden_at === null ? viewerFieldsOf(row, viewer.id, id) : null;
    },

    /**
     * The photo a first visit to a page paints largest (its LCP): the shop's first card, or a
     * product page's main image. Sent as a preload hint with index.html, so a phone starts
     * fetching it while the app's code is still on its way. Null when there is nothing to hint.
     */
    async firstPaintImage(pathname: string, search: URLSearchParams): Promise<string | null> {
      if (pathname === '/') {
        const input = ProductListQuerySchema.safeParse({
          category: search.get('category') ?? undefined,
          sort: search.get('sort') ?? undefined,
          limit: '1',
        });
        if (!input.success) return null;
        const first = (await page({ category: input.data.category, shopOnly: true }, SORTS[input.data.sort], 1))
          .items[0];
        return first && first.image !== PLACEHOLDER_IMAGE ? first.image.thumb : null;
      }
      const id = productIdInPath(pathname);
      if (!id || !isId(id)) return null;
      const product = await q.findProduct(db, id);
      const key = product ? firstImageKey(product.images) : null;
      return key ? media.imageUrls(key).url : null;
    },

    async list(input: ProductListQuery): Promise<Page<ProductSummary>> {
      return page({ category: input.category, shopOnly: true }, SORTS[input.sort], input.limit, input.cursor);
    },

    /**
     * Search matches text contained in the title, the category or a keyword, whatever its case
     * and however its Arabic is spelled (foldForSearch).
     */
    async search(input: SearchQuery): Promise<Page<ProductSummary>> {
      // Text that folds to nothing (only tatweel or harakat) would otherwise match every product.
      if (!foldForSearch(input.q)) return { items: [], nextCursor: null };
      return page(
        { search: { text: input.q, dialect: deps.dialect }, shopOnly: true },
        { column: SEARCH_COLUMNS[input.sort], direction: input.order },
        input.limit,
        input.cursor,
      );
    },

    byOwner: (ownerId: string, { cursor }: PageQuery) =>
      page({ ownerId }, { column: 'created_at', direction: 'desc' }, 24, cursor),

    async likedBy(userId: string, { cursor }: PageQuery): Promise<Page<ProductSummary>> {
      const rows = await q.likedPage(db, userId, 25, decodeCursor(cursor));
      return pageOf(rows, 24, summary, (r) => encodeCursor(r.liked_at, r.id));
    },

    async like(user: UserRow, id: string): Promise<{ liked: true; likeCount: number }> {
      await db.transaction().execute(async (trx) => {
        const product = await q.findProductHeld(trx, id, deps.dialect);
        if (!product) throw new DomainError('NOT_FOUND', MSG.productNotFound);
        const like = {
          product_id: id,
          user_id: user.id,
          seller_id: product.owner_id,
          category: product.category,
          created_at: deps.clock.iso(),
        };
        if (await q.insertLike(trx, like)) await q.bumpCounters(trx, id, { likes: 1 });
      });
      return { liked: true, likeCount: (await q.findProduct(db, id))?.like_count ?? 0 };
    },

    async unlike(user: UserRow, id: string): Promise<{ liked: false; likeCount: number }> {
      await db.transaction().execute(async (trx) => {
        if (await q.deleteLike(trx, id, user.id)) await q.bumpCounters(trx, id, { likes: -1 });
      });
      const product = await q.findProduct(db, id);
      if (!product) throw new DomainError('NOT_FOUND', MSG.productNotFound);
      return { liked: false, likeCount: product.like_count };
    },

    async invoice(user: UserRow, id: string) {
      const product = await owned(user, id);
      const file = product.invoice_key ? await media.openPrivate(product.invoice_key) : null;
      if (!file) throw new DomainError('NOT_FOUND', MSG.notFound);
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

    /** A review removed by staff (issue 31): the count moves back, in the removal's transaction. */
    uncountReview: (trx: Trx, productId: string) => q.bumpCounters(trx, productId, { reviews: -1 }),

    /** The seller's id, or undefined when there is no such product. */
    ownerOf: async (trx: Trx, productId: string) => (await q.findProduct(trx, productId))?.owner_id,

    /** For checkout: the server's own prices, whatever the browser's cart says. */
    pricesFor: async (trx: Trx, ids: string[]) =>
      (await q.findPrices(trx, ids, deps.dialect)).map((p) => ({
        id: p.id,
        title: p.title,
        price: p.price,
        ownerId: p.owner_id,
        // A listing staff hid is not for sale (issue 31).
        purchasable: p.is_auction === 0 && p.hidden_at === null,
        imageKey: firstImageKey(p.images),
      })),

    /** What an auction copies from the product it sells, read inside the auction's transaction. */
    async forAuction(trx: Trx, productId: string) {
      const p = await q.findProduct(trx, productId);
      if (!p) return undefined;
      return {
        id: p.id,
        ownerId: p.owner_id,
        title: p.title,
        titleKey: p.title_key,
        category: p.category,
        images: p.images,
        isAuction: p.is_auction === 1,
        relatedAuction: p.related_auction,
      };
    },

    /** Ties the product to its auction (it leaves the shop and search), or frees it (back to a fixed price). */
    setAuction: (trx: Trx, productId: string, auctionId: string | null, expectedAuction: string | null) =>
      q.setAuction(trx, productId, auctionId, expectedAuction),

    /** What an auction page shows of its product: the description, and which auction the product is tied to now. */
    async forAuctionPage(productId: string) {
      const p = await q.findProduct(db, productId);
      return p ? { description: p.description, relatedAuction: p.related_auction } : null;
    },

    // For You: candidates, signals and cards (the feed module ranks; the catalog owns its rows).
    feedCandidates: (opts: Parameters<typeof q.feedProducts>[1]) => q.feedProducts(db, opts),
    likedSignals: (userId: string, limit: number) => q.likedSignals(db, userId, limit),
    likedAmong: async (userId: string, ids: string[]) =>
      new Set((await q.likedAmong(db, userId, ids)).map((r) => r.product_id)),
    ownersOf: (ids: string[]) => q.ownersOf(db, ids),
    /** Shop products by id as cards with every photo and the seller; products gone or on auction are left out. */
    async feedCards(ids: string[]) {
      const rows = await q.summariesWithSeller(db, ids);
      return rows
        .filter((r) => r.is_auction === 0)
        .map((r) => ({
          product: summary(r),
          images: media.imagesOf(r.images).slice(0, 6),
          seller: { id: r.owner_id, username: r.seller_username, profilePic: media.avatarUrl(r.seller_avatar) },
        }));
    },

    // Reports (issue 31): staff hide a product and show it again, and see reported ones in context.
    hideProduct: (trx: Trx, id: string, reason: string) => q.setHidden(trx, id, { at: deps.clock.iso(), reason }),
    unhideProduct: (trx: Trx, id: string) => q.setHidden(trx, id, null),
    async reportedProducts(ids: string[]) {
      return (await q.reportedProducts(db, ids)).map((r) => ({
        id: r.id,
        title: r.title,
        image: media.imagesOf(r.images)[0]?.thumb ?? null,
        hiddenAt: r.hidden_at,
        owner: { id: r.owner_id, username: r.seller_username, profilePic: media.avatarUrl(r.seller_avatar) },
      }));
    },

    recordSale: (trx: Trx, productId: string, quantity: number) => q.bumpCounters(trx, productId, { sold: quantity }),

    /** The stored files products use: both renditions of every photo, and the invoices. */
    async referencedUploads(): Promise<string[]> {
      return (await q.uploadColumns(db)).flatMap((row) => [
        ...decodeImageKeys(row.images).flatMap((key) => media.filesOfImage(key)),
        ...(row.invoice_key ? [row.invoice_key] : []),
      ]);
    },
  };
}
