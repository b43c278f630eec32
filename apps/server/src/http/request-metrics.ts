import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics/metrics.js';

/**
 * Counts and times every request Fastify answers, labelled by its route pattern
 * (`/api/products/:id`, not the URL) so the labels stay few. A callback hook: it runs on every
 * request, and an async one costs a promise each (see http/graceful-shutdown.ts).
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Pick<Metrics, 'request'>): void {
  app.addHook('onResponse', (request, reply, done) => {
    metrics.request(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
