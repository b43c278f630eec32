import type { FastifyInstance } from 'fastify';

/**
 * API answers are about someone (their session, their orders) or change from one moment to the
 * next, so no browser, proxy or CDN may keep one: `no-store` unless a route chose its own policy.
 */
export function registerNoStoreForApi(app: FastifyInstance): void {
  // A callback hook: it runs on every request, and an async one costs a promise each (issue 6).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
