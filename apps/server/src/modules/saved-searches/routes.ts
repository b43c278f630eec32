import type { FastifyInstance } from 'fastify';
import { API, MSG } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { notFoundAs } from '../../http/id-params.js';
import { gatedUser } from '../../http/session.js';
import type { SavedSearchesService } from './service.js';

const C = API.savedSearches;

export function savedSearchesRoutes(savedSearches: SavedSearchesService) {
  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);

    app.route({
      ...routeOf(C.list),
      handler: async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return savedSearches.list(gatedUser(request));
      },
    });

    app.route({
      ...routeOf(C.create),
      handler: async (request, reply) => {
        const answer = await savedSearches.create(gatedUser(request), request.body);
        return reply.status(answer.created ? 201 : 200).send(answer);
      },
    });

    app.route({
      ...routeOf(C.remove),
      ...notFoundAs(MSG.savedSearchNotFound),
      handler: async (request) => {
        await savedSearches.remove(gatedUser(request), request.params.id);
        return { ok: true as const };
      },
    });
  };
}
