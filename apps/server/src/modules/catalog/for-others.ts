import type { Transaction } from 'kysely';
import type { ProductSummary } from '@souq/shared';
import type { DB } from '../../db/schema.js';
import { decodeImageKeys, firstImageKey } from '../../media/image-keys.js';
import * as q from './queries.js';
import type { CatalogDeps } from './deps.js';

type Trx = Transaction<DB>;

/**
 * What later modules ask of products through the port: reviews' counts and rating, checkout's
 * prices and sales, an auction's product, For You's candidates and cards, and staff's hiding.
 */
export function createProductsForOthers(deps: CatalogDeps & { summary: (row: q.SummaryRow) => ProductSummary }) {
  const { db, media, summary } = deps;
  return {
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
