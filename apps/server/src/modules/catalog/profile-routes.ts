import type { FastifyInstance } from 'fastify';
import { API, MSG } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { notFoundAs } from '../../http/id-params.js';
import { SHARED_ANSWER } from '../../http/shared-answers.js';
import { gatedUser } from '../../http/session.js';
import type { CatalogService } from './service.js';

const C = API.profiles;

/**
 * A profile's product tabs are catalog lists: the catalog comes after profiles, so it adds them
 * under the profile's paths rather than profiles reaching forward for them (ADR 0007).
 */
export function profileListRoutes(catalog: CatalogService) {
  // A seller's products are the same for every reader.
  const sellersProducts = { config: { ...notFoundAs(MSG.userNotFound).config, ...SHARED_ANSWER.config } };

  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    app.route({
      ...routeOf(C.products),
      ...sellersProducts,
      handler: async (request) => catalog.byOwner(request.params.id, request.query),
    });
    app.route({
      ...routeOf(C.likes),
      handler: async (request) => catalog.likedBy(gatedUser(request).id, request.query),
    });
  };
}
