import type { FastifyInstance } from 'fastify';
import { API } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { gatedUser } from '../../http/session.js';
import type { AuctionsService } from './service.js';

/**
 * Winners who don't pay (issue 31): routes on orders' and accounts' paths that auctions serve,
 * since the rules need the news and the strikes that come after orders (ADR 0007, "the route that
 * composes both moves to the later module").
 */
export function winsRoutes(auctions: AuctionsService) {
  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const C = API.wins;
    app.route({
      ...routeOf(C.askCancel),
      handler: async (request) => auctions.askCancel(gatedUser(request), request.params.id),
    });
    app.route({
      ...routeOf(C.answerCancel),
      handler: async (request) => auctions.answerCancel(gatedUser(request), request.params.id, request.body.agree),
    });
    app.route({
      ...routeOf(C.offerSecondChance),
      handler: async (request, reply) =>
        reply.status(201).send(await auctions.offerSecondChance(gatedUser(request), request.params.id)),
    });
    app.route({
      ...routeOf(C.acceptSecondChance),
      handler: async (request) => auctions.answerSecondChance(gatedUser(request), request.params.id, true),
    });
    app.route({
      ...routeOf(C.declineSecondChance),
      handler: async (request) => auctions.answerSecondChance(gatedUser(request), request.params.id, false),
    });
    app.route({ ...routeOf(C.myStrikes), handler: async (request) => auctions.myStrikes(gatedUser(request)) });
    app.route({ ...routeOf(C.struckPeople), handler: async () => auctions.struckPeople() });
  };
}
