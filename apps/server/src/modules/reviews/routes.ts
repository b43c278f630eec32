import type { FastifyInstance } from 'fastify';
import { API, MSG } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { notFoundAs } from '../../http/id-params.js';
import { gatedUser } from '../../http/session.js';
import type { ReviewsService } from './service.js';

const C = API.reviews;

export function reviewsRoutes(reviews: ReviewsService) {
  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const reviewGate = { loggedOut: MSG.reviewLoginRequired, unverified: MSG.reviewVerifyRequired };
    app.route({
      ...routeOf(C.list),
      ...notFoundAs(MSG.productNotFound),
      handler: async (request) => reviews.list(request.params.id, request.query),
    });

    app.route({
      ...routeOf(C.create, reviewGate),
      ...notFoundAs(MSG.reviewProductMissing),
      handler: async (request, reply) => {
        const user = gatedUser(request);
        return reply.status(201).send(await reviews.create(user, request.params.id, request.body));
      },
    });
  };
}
