import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/session.js';
import type { FeedService } from './service.js';

export function feedRoutes(feed: FeedService) {
  return async function routes(app: FastifyInstance) {
    app.get('/api/feed', async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return feed.page(request.currentUser, request.query);
    });
    // Opens are a signal only when someone is signed in; a visitor's are accepted and dropped.
    app.post('/api/feed/events', async (request, reply) => {
      if (request.currentUser) await feed.recordOpens(request.currentUser, request.body);
      return reply.status(204).send();
    });
    app.post('/api/feed/not-interested', async (request) => {
      await feed.notInterested(requireUser(request), request.body);
      return { ok: true };
    });
  };
}
