import type { FastifyInstance } from 'fastify';
import { API } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { gatedUser } from '../../http/session.js';
import type { Giveaways } from './giveaways.js';

const C = API.streams;

/** Giveaways: the host starts one, viewers enter, staff replay a draw (a Fastify plugin). */
export function giveawaysRoutes(giveaways: Giveaways) {
  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    app.route({
      ...routeOf(C.startGiveaway),
      handler: async (request, reply) =>
        reply.status(201).send(await giveaways.start(gatedUser(request), request.params.id, request.body)),
    });
    app.route({
      ...routeOf(C.enterGiveaway),
      handler: async (request, reply) =>
        reply.status(201).send(await giveaways.enter(gatedUser(request), request.params.id, request.params.giveawayId)),
    });
    app.route({
      ...routeOf(C.giveawayDraw),
      handler: async (request) => giveaways.replay(request.params.giveawayId),
    });
  };
}
