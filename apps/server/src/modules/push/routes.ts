import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API, MSG } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { gatedUser } from '../../http/session.js';
import { DomainError } from '../../lib/errors.js';
import type { PushService } from './service.js';

export function pushRoutes(push: PushService, sessionIdOf: (token: string) => string) {
  // The gate let a signed-in person through, so there is a session token.
  const sessionOf = (request: FastifyRequest) => {
    if (!request.sessionToken) throw new DomainError('UNAUTHENTICATED', MSG.mustBeLoggedIn);
    return sessionIdOf(request.sessionToken);
  };
  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const C = API.push;
    app.route({ ...routeOf(C.key), handler: async () => push.publicKey() });
    app.route({
      ...routeOf(C.state),
      handler: async (request) => push.isSubscribed(gatedUser(request), request.body.endpoint),
    });
    app.route({
      ...routeOf(C.subscribe),
      handler: async (request) => push.subscribe(gatedUser(request), sessionOf(request), request.body),
    });
    app.route({
      ...routeOf(C.unsubscribe),
      handler: async (request) => push.unsubscribe(gatedUser(request), request.body.endpoint),
    });
  };
}
