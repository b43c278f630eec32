import type { FastifyInstance } from 'fastify';
import { API } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { keptForItsReader } from '../../http/reader-answers.js';
import { gatedUser } from '../../http/session.js';
import type { FeedService } from './service.js';

export function feedRoutes(feed: FeedService) {
  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const C = API.feed;
    app.route({
      ...routeOf(C.page),
      ...keptForItsReader({ stamp: (reader) => feed.pageStamp(reader) }),
      handler: async (request) => feed.page(request.currentUser, request.query),
    });
    // Opens are a signal only when someone is signed in; a visitor's are accepted and dropped.
    app.route({
      ...routeOf(C.events),
      handler: async (request, reply) => {
        if (request.currentUser) await feed.recordOpens(request.currentUser, request.body);
        return reply.status(204).send();
      },
    });
    app.route({
      ...routeOf(C.notInterested),
      handler: async (request) => {
        await feed.notInterested(gatedUser(request), request.body);
        return { ok: true as const };
      },
    });
  };
}
