import { z } from 'zod';
import { ProductDetailSchema, ProductPageSchema } from '../api/catalog.js';
import { MSG } from '../messages.js';
import { EditProductSchema, MAX_IMAGES, ProductListQuerySchema, ProductSchema, SearchQuerySchema } from '../schemas/catalog.js';
import { IdParams, OkSchema, endpoint } from './endpoint.js';

const tag = 'Catalog';

export const catalog = {
  list: endpoint({
    method: 'GET',
    path: '/api/products',
    summary: 'The shop: products by sort and category, a page at a time',
    tag,
    access: 'public',
    query: ProductListQuerySchema,
    responses: { 200: ProductPageSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  search: endpoint({
    method: 'GET',
    path: '/api/search',
    summary: 'Products whose title, brand or keywords contain the text',
    tag,
    access: 'public',
    query: SearchQuerySchema,
    responses: { 200: ProductPageSchema },
    errors: ['VALIDATION_FAILED'],
  }),
  detail: endpoint({ method: 'GET', path: '/api/products/:id', summary: 'A product', tag, access: 'public', params: IdParams, responses: { 200: ProductDetailSchema }, errors: ['NOT_FOUND'] }),
  create: endpoint({
    method: 'POST',
    path: '/api/products',
    summary: 'Sell a product (multipart: its fields, photos and an optional invoice)',
    tag,
    access: 'verified',
    form: {
      fields: ProductSchema,
      files: {
        images: { maxCount: MAX_IMAGES, description: 'Photos (JPEG, PNG, WebP), the first is the cover.', required: MSG.imageRequired, tooMany: MSG.tooManyImages },
        invoice: { maxCount: 1, description: 'A PDF or photo of the invoice, seen only by the seller.' },
      },
    },
    responses: { 201: z.object({ id: z.string() }) },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'],
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/products/:id',
    summary: 'Edit a product',
    tag,
    access: 'verified',
    params: IdParams,
    body: EditProductSchema,
    responses: { 200: ProductDetailSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/products/:id',
    summary: 'Delete a product',
    tag,
    access: 'verified',
    params: IdParams,
    responses: { 200: OkSchema },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  }),
  like: endpoint({
    method: 'PUT',
    path: '/api/products/:id/like',
    summary: 'Like a product',
    tag,
    access: 'user',
    params: IdParams,
    responses: { 200: z.object({ liked: z.literal(true), likeCount: z.number() }) },
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  }),
  unlike: endpoint({
    method: 'DELETE',
    path: '/api/products/:id/like',
    summary: 'Take a like back',
    tag,
    access: 'user',
    params: IdParams,
    responses: { 200: z.object({ liked: z.literal(false), likeCount: z.number() }) },
    errors: ['UNAUTHENTICATED', 'NOT_FOUND'],
  }),
  invoice: endpoint({
    method: 'GET',
    path: '/api/products/:id/invoice',
    summary: "A product's invoice, for its seller",
    tag,
    access: 'user',
    params: IdParams,
    responses: {},
    other: { 200: { description: 'The invoice file as uploaded.', contentType: 'application/octet-stream' } },
    errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  }),
};
