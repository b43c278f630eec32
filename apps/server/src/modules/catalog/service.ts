import crypto from 'node:crypto';
import {
  MSG,
  normalizeKeywords,
  foldForSearch,
  productPath,
  titleKey,
  type EditProductInput,
  type ProductInput,
} from '@souq/shared';
import type { UserRow } from '../../db/schema.js';
import { DomainError } from '../../lib/errors.js';
import type { UploadSource } from '../../media/images.js';
import { decodeImageKeys, encodeImageKeys } from '../../media/image-keys.js';
import '../../lib/listings.js';
import { createProductsForOthers } from './for-others.js';
import { createProductReads } from './product-reads.js';
import * as q from './queries.js';
import type { CatalogDeps } from './deps.js';
export type { CatalogDeps } from './deps.js';

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

export type CatalogService = ReturnType<typeof createCatalogService>;

export function createCatalogService(deps: CatalogDeps) {
  const { db, media } = deps;
  const reads = createProductReads(deps);

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
    ...reads,
    ...createProductsForOthers({ ...deps, summary: reads.summary }),

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
  };
}
