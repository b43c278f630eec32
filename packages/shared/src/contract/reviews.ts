import { z } from 'zod';
import { ReviewEntrySchema, pageOf } from '../api/catalog.js';
import { PageQuerySchema, ReviewSchema } from '../schemas/catalog.js';
import { IdParams, endpoint } from './endpoint.js';

const tag = 'Reviews';

export const reviews = {
  list: endpoint({
    method: 'GET',
    path: '/api/products/:id/reviews',
    summary: "A product's reviews, newest first",
    tag,
    access: 'public',
    params: IdParams,
    query: PageQuerySchema,
    responses: { 200: pageOf(ReviewEntrySchema) },
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/products/:id/reviews',
    summary: 'Review a product (once)',
    tag,
    access: 'verified',
    params: IdParams,
    body: ReviewSchema,
    responses: { 201: z.object({ id: z.string() }) },
    errors: ['UNAUTHENTICATED', 'EMAIL_NOT_VERIFIED', 'VALIDATION_FAILED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
    example: { text: 'Keeps perfect time.', rating: 5 },
  }),
};
