import type { FastifyInstance } from 'fastify';
import { API } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { gatedUser } from '../../http/session.js';
import type { Pins } from './pins.js';
import { idempotencyKeyOf } from '../../http/idempotency-key.js';

const C = API.streams;

/** Buy It Now: the host pins and unpins, viewers buy (a Fastify plugin). */
export function pinsRoutes(pins: Pins) {
  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    app.route({
      ...routeOf(C.pin),
      handler: async (request, reply) =>
        reply.status(201).send(await pins.pin(gatedUser(request), request.params.id, request.body)),
    });
    app.route({
      ...routeOf(C.unpin),
      handler: async (request) => {
        await pins.unpin(gatedUser(request), request.params.id, request.params.pinId);
        return { ok: true as const };
      },
    });
    app.route({
      ...routeOf(C.buy),
      handler: async (request, reply) => {
        const purchase = await pins.buy(
          gatedUser(request),
          request.params.id,
          request.params.pinId,
          idempotencyKeyOf(request),
        );
        return reply.status(201).send(purchase);
      },
    });
  };
}
