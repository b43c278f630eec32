import {
  MSG,
  ProductListQuerySchema,
  foldForSearch,
  isId,
  productIdInPath,
  type Page,
  type PageQuery,
  type ProductDetail,
  type ProductListQuery,
  type ProductSort,
  type ProductSummary,
  type SearchQuery,
} from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import { decodeCursor, encodeCursor, pageOf } from '../../lib/cursor.js';
import { firstImageKey } from '../../media/image-keys.js';
import { PLACEHOLDER_IMAGE, type MediaService } from '../../media/media-service.js';
import * as pq from './page-queries.js';
import * as q from './queries.js';
import type { CatalogDeps } from './deps.js';

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

/** A product's card, as every list shows it. */
export function productSummary(media: Pick<MediaService, 'firstImageOf'>, row: q.SummaryRow): ProductSummary {
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
/** Products as pages show them: the shop's and a search's pages, a profile's and liked ones, and the product page. */
export function createProductReads(deps: CatalogDeps) {
  const { db, media } = deps;

  const summary = (row: q.SummaryRow) => productSummary(media, row);

  async function page(
    filter: Parameters<typeof pq.listPage>[1],
    sort: q.SortSpec,
    limit: number,
    cursor?: string,
  ): Promise<Page<ProductSummary>> {
    const after = decodeCursor(cursor);
    // A cursor made for another sort, or forged, is a bad request, not a type error in the database.
    if (after && !CURSOR_VALUE_FITS[sort.column](after[0]))
      throw new DomainError('VALIDATION_FAILED', MSG.invalidCursor);
    const rows = await pq.listPage(db, filter, sort, limit + 1, after);
    return pageOf(rows, limit, summary, (r) => encodeCursor(r[sort.column], r.id));
  }

  return {
    summary,
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
  };
}
