import type { FastifyInstance } from 'fastify';
import { API } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { gatedUser } from '../../http/session.js';
import type { OffersService } from './service.js';

const C = API.offers;

export function offersRoutes(offers: OffersService) {
  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    app.route({
      ...routeOf(C.terms),
      handler: async (request) => offers.terms(request.currentUser, request.params.id),
    });
    app.route({
      ...routeOf(C.setTerms),
      handler: async (request) => offers.setTerms(gatedUser(request), request.params.id, request.body),
    });
    app.route({
      ...routeOf(C.make),
      handler: async (request, reply) =>
        reply.status(201).send(await offers.make(gatedUser(request), request.params.id, request.body.amount)),
    });
    app.route({ ...routeOf(C.mine), handler: async (request) => offers.mine(gatedUser(request)) });
    app.route({
      ...routeOf(C.accept),
      handler: async (request) => offers.accept(gatedUser(request), request.params.id),
    });
    app.route({
      ...routeOf(C.decline),
      handler: async (request) => offers.decline(gatedUser(request), request.params.id),
    });
    app.route({
      ...routeOf(C.counter),
      handler: async (request) => offers.counter(gatedUser(request), request.params.id, request.body.amount),
    });
    app.route({
      ...routeOf(C.withdraw),
      handler: async (request) => offers.withdraw(gatedUser(request), request.params.id),
    });
    app.route({
      ...routeOf(C.checkout),
      handler: async (request, reply) => {
        const { order, created } = await offers.checkout(gatedUser(request), request.params.id, request.body);
        return reply.status(created ? 201 : 200).send(order);
      },
    });
  };
}
