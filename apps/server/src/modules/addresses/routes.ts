import type { FastifyInstance } from 'fastify';
import { API } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { gatedUser } from '../../http/session.js';
import type { AddressesService } from './service.js';

const C = API.addresses;

export function addressesRoutes(addresses: AddressesService, mapStyleUrl: string | undefined) {
  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    app.route({ ...routeOf(C.map), handler: async () => ({ styleUrl: mapStyleUrl ?? null }) });
    app.route({ ...routeOf(C.list), handler: async (request) => addresses.list(gatedUser(request)) });
    app.route({
      ...routeOf(C.create),
      handler: async (request, reply) =>
        reply.status(201).send(await addresses.create(gatedUser(request), request.body)),
    });
    app.route({
      ...routeOf(C.update),
      handler: async (request) => addresses.update(gatedUser(request), request.params.id, request.body),
    });
    app.route({
      ...routeOf(C.remove),
      handler: async (request, reply) => {
        await addresses.remove(gatedUser(request), request.params.id);
        return reply.status(204).send();
      },
    });
    app.route({
      ...routeOf(C.makeDefault),
      handler: async (request) => addresses.makeDefault(gatedUser(request), request.params.id),
    });
  };
}
