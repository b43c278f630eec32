import { z } from 'zod';
import { ReviewEntrySchema, pageOf } from '../api/catalog.js';
import { PageQuerySchema, ReviewSchema } from '../schemas/catalog.js';
import { endpoint, idParams } from './endpoint.js';

const tag = 'Reviews';
const ProductIdParams = idParams("The product's id.");

export const reviews = {
  list: endpoint({
    method: 'GET',
    path: '/api/products/:id/reviews',
    summary: "A product's reviews, newest first",
    description:
      "A product's reviews, newest first, 20 a page, each with its text, its rating from 1 to 5, its time and its reviewer. Pass the answer's `nextCursor` as `cursor` for the next page.",
    tag,
    access: 'public',
    params: ProductIdParams,
    query: PageQuerySchema,
    responses: { 200: pageOf(ReviewEntrySchema) },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/products/:id/reviews',
    summary: 'Review a product (once)',
    description:
      "Reviews a product with a text and a rating from 1 to 5 (5 when left out); the product's rating and review count change at once. One review per person per product (a second is 409 `CONFLICT`), and none of one's own products (403 `FORBIDDEN`). Answers the review's id.",
    tag,
    access: 'verified',
    params: ProductIdParams,
    body: ReviewSchema,
    responses: { 201: z.object({ id: z.string() }) },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
    example: { text: 'Keeps perfect time.', rating: 5 },
  }),
};
