import type { FastifyInstance } from 'fastify';
import { MSG } from '@souq/shared';
import { requireVerifiedUser } from '../../http/session.js';
import type { ReviewsService } from './service.js';

type ProductParams = { Params: { id: string }; Querystring: { cursor?: string } };

export function reviewsRoutes(reviews: ReviewsService) {
  return async function routes(app: FastifyInstance) {
    app.get<ProductParams>('/api/products/:id/reviews', async (request) => reviews.list(request.params.id, request.query.cursor));

    app.post<ProductParams>('/api/products/:id/reviews', async (request, reply) => {
      const user = requireVerifiedUser(request, { loggedOut: MSG.reviewLoginRequired, unverified: MSG.reviewVerifyRequired });
      return reply.status(201).send(await reviews.create(user, request.params.id, request.body));
    });
  };
}
