import { z } from 'zod';
import { Whole } from '../api/scalars.js';
import { ProductDetailSchema, ProductPageSchema } from '../api/catalog.js';
import { MSG } from '../messages.js';
import {
  EditProductSchema,
  MAX_IMAGES,
  ProductListQuerySchema,
  ProductSchema,
  SearchQuerySchema,
} from '../schemas/catalog.js';
import { OkSchema, endpoint, idParams } from './endpoint.js';

const tag = 'Catalog';
const ProductIdParams = idParams("The product's id.");

export const catalog = {
  list: endpoint({
    method: 'GET',
    path: '/api/products',
    summary: 'The shop: products by sort and category, a page at a time',
    description:
      'The shop: products for sale at a fixed price (not those on auction, nor those hidden by staff), optionally of one category, in the chosen sort (most popular by default). Paged by cursor, `limit` a page; a cursor only works with the sort it came from.',
    tag,
    access: 'public',
    query: ProductListQuerySchema,
    responses: { 200: ProductPageSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  search: endpoint({
    method: 'GET',
    path: '/api/search',
    summary: 'Products whose title, category or keywords contain the text',
    description:
      'Products in the shop whose title (English or Arabic), category or keywords contain the text, whatever its case and however its Arabic is spelled. Sorted by name, price or rating, either way, and paged by cursor; text that is empty, or only Arabic marks, answers an empty page.',
    tag,
    access: 'public',
    query: SearchQuerySchema,
    responses: { 200: ProductPageSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/products/:id',
    summary: 'A product',
    description:
      "A product page: its photos, titles and descriptions (English and Arabic), price, condition, brand, sizes, origin, keywords, rating and seller, and the caller's own fields (whether they like it, have reviewed it or own it, and for the owner the invoice link). A product hidden by staff is 404 to everyone but its owner, who sees why.",
    tag,
    access: 'public',
    params: ProductIdParams,
    responses: { 200: ProductDetailSchema },
    errors: ['NOT_FOUND'],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/products',
    summary: 'Sell a product (multipart: its fields, photos and an optional invoice)',
    description:
      "Lists a new product in the shop from a multipart form: its fields, 1 to 8 photos (the first is the cover) and an optional invoice that only the seller can download. Saved searches that match it are told. Answers the new product's id.",
    tag,
    access: 'verified',
    form: {
      fields: ProductSchema,
      files: {
        images: {
          maxCount: MAX_IMAGES,
          description: 'Photos (JPEG, PNG, WebP), the first is the cover.',
          required: MSG.imageRequired,
          tooMany: MSG.tooManyImages,
        },
        invoice: { maxCount: 1, description: 'A PDF or photo of the invoice, seen only by the seller.' },
      },
    },
    responses: { 201: z.object({ id: z.string() }) },
    errors: [
      'UNAUTHENTICATED',
      'EMAIL_NOT_VERIFIED',
      'VALIDATION_FAILED',
      'PAYLOAD_TOO_LARGE',
      'UNSUPPORTED_MEDIA_TYPE',
    ],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/products/:id',
    summary: 'Edit a product',
    description:
      "The owner replaces a product's fields (titles, descriptions, category, prices, condition, brand, sizes, origin, keywords); its photos are not changed here. A product on an open auction cannot be changed (409 `CONFLICT`). Answers the product page, as `GET /api/products/{id}` does.",
    tag,
    access: 'verified',
    params: ProductIdParams,
    body: EditProductSchema,
    responses: { 200: ProductDetailSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/products/:id',
    summary: 'Delete a product',
    description:
      'The owner deletes a product with its invoice and its photos (those an auction still shows are kept for it). A product on an open auction cannot be deleted (409 `CONFLICT`).',
    tag,
    access: 'verified',
    openWhileSuspended: 'withdraw',
    params: ProductIdParams,
    responses: { 200: OkSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  like: endpoint({
    method: 'PUT',
    path: '/api/products/:id/like',
    summary: 'Like a product',
    description: "Adds my like to a product; liking it again changes nothing. Answers the product's like count.",
    tag,
    access: 'user',
    params: ProductIdParams,
    responses: { 200: z.object({ liked: z.literal(true), likeCount: Whole }) },
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  }),
  unlike: endpoint({
    method: 'DELETE',
    path: '/api/products/:id/like',
    summary: 'Take a like back',
    description: "Takes my like off a product, if I had one. Answers the product's like count.",
    tag,
    access: 'user',
    openWhileSuspended: 'withdraw',
    params: ProductIdParams,
    responses: { 200: z.object({ liked: z.literal(false), likeCount: Whole }) },
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  }),
  invoice: endpoint({
    method: 'GET',
    path: '/api/products/:id/invoice',
    summary: "A product's invoice, for its seller",
    description:
      'Downloads the invoice file the seller uploaded with a product, to its owner only (403 `FORBIDDEN` for anyone else); 404 when the product has none.',
    tag,
    access: 'user',
    params: ProductIdParams,
    responses: {},
    other: { 200: { description: 'The invoice file as uploaded.', contentType: 'application/octet-stream' } },
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  }),
  // Issue 32: product page views, one per person per product per Gulf day (ADR 0041).
  view: endpoint({
    method: 'POST',
    path: '/api/products/:id/view',
    summary: "Count a view of a product's page (the page sends it after it shows)",
    description:
      "Counts one view of a product's page, at most once per person per product per Gulf day (UTC+4); the owner's own visits are not counted. Someone signed out is recognised by a first-party cookie this sets (`souq_vid`). Answers 204 whether or not the view was new.",
    tag,
    access: 'public',
    params: ProductIdParams,
    responses: {},
    other: { 204: { description: 'Counted, or already counted for this person today.', contentType: null } },
    errors: ['NOT_FOUND'],
  }),
  myViews: endpoint({
    method: 'GET',
    path: '/api/me/product-views',
    summary: 'Views of my products over the last 30 days (products with none are left out)',
    description:
      'Page views of each of my products over the last 30 Gulf days, today included (`days` is that window); products without a view are left out. Never cached.',
    tag,
    access: 'user',
    responses: {
      200: z.object({ days: Whole, products: z.array(z.object({ productId: z.string(), views: Whole })) }),
    },
    errors: ['UNAUTHENTICATED'],
  }),
};
