import type { FastifyInstance } from 'fastify';
import { API, MSG } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { notFoundAs } from '../../http/id-params.js';
import { gatedUser } from '../../http/session.js';
import type { ReportsService } from './service.js';

const C = API.reports;

export function reportsRoutes(reports: ReportsService) {
  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);

    app.route({
      ...routeOf(C.create),
      handler: async (request, reply) => reply.status(201).send(await reports.create(gatedUser(request), request.body)),
    });

    app.route({ ...routeOf(C.queue), handler: async () => reports.queue() });

    app.route({
      ...routeOf(C.act),
      ...notFoundAs(MSG.reportNotFound),
      handler: async (request) => reports.act(gatedUser(request), request.params.id, request.body),
    });

    app.route({
      ...routeOf(C.restore),
      handler: async (request) => {
        await reports.restore(gatedUser(request), request.body);
        return { ok: true as const };
      },
    });
  };
}
