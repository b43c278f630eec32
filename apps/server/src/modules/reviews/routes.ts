import type { FastifyInstance } from 'fastify';
import { MSG } from '@souq/shared';
import { notFoundAs } from '../../http/id-params.js';
import { requireVerifiedUser } from '../../http/session.js';
import type { ReviewsService } from './service.js';

type ProductParams = { Params: { id: string } };

export function reviewsRoutes(reviews: ReviewsService) {
  return async function routes(app: FastifyInstance) {
    app.get<ProductParams>('/api/products/:id/reviews', notFoundAs(MSG.productNotFound), async (request) => reviews.list(request.params.id, request.query));

    app.post<ProductParams>('/api/products/:id/reviews', notFoundAs(MSG.reviewProductMissing), async (request, reply) => {
      const user = requireVerifiedUser(request, { loggedOut: MSG.reviewLoginRequired, unverified: MSG.reviewVerifyRequired });
      return reply.status(201).send(await reviews.create(user, request.params.id, request.body));
    });
  };
}
