import type { FastifyInstance } from 'fastify';
import { API } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { gatedUser } from '../../http/session.js';
import type { DeliveryService } from './service.js';

const C = API.delivery;

export function deliveryRoutes(delivery: DeliveryService) {
  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    app.route({ ...routeOf(C.mine), handler: async (request) => delivery.mine(gatedUser(request)) });
    app.route({
      ...routeOf(C.record),
      handler: async (request, reply) =>
        reply.status(201).send(await delivery.record(gatedUser(request), request.params.id, request.body)),
    });
    app.route({
      ...routeOf(C.cancelFailed),
      handler: async (request) => delivery.cancelFailed(gatedUser(request), request.params.id),
    });
    app.route({
      ...routeOf(C.reply),
      handler: async (request) => delivery.reply(gatedUser(request), request.params.id, request.body),
    });
    app.route({
      ...routeOf(C.dispute),
      handler: async (request) => delivery.dispute(gatedUser(request), request.params.id, request.body.note),
    });
    app.route({ ...routeOf(C.codStanding), handler: async (request) => delivery.standing(gatedUser(request)) });
    app.route({ ...routeOf(C.stats), handler: async (request) => delivery.stats(gatedUser(request)) });
    app.route({ ...routeOf(C.queue), handler: async () => delivery.queue() });
    app.route({
      ...routeOf(C.decide),
      handler: async (request) => delivery.decide(gatedUser(request), request.params.id, request.body),
    });
    app.route({
      ...routeOf(C.lift),
      handler: async (request) => delivery.lift(gatedUser(request), request.params.id, request.body.reason),
    });
  };
}
