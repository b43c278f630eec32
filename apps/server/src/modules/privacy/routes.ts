import type { FastifyInstance } from 'fastify';
import { API, MSG } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { notFoundAs } from '../../http/id-params.js';
import { clearSessionCookie, gatedUser } from '../../http/session.js';
import type { PrivacyService } from './service.js';

const C = API.privacy;

export function privacyRoutes(privacy: PrivacyService) {
  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);

    app.route({ ...routeOf(C.status), handler: async (request) => privacy.status(gatedUser(request)) });

    app.route({
      ...routeOf(C.requestExport),
      handler: async (request, reply) => reply.status(202).send(await privacy.requestExport(gatedUser(request))),
    });

    // A private file: streamed only to its owner, after the check, never kept by a cache.
    app.route({
      ...routeOf(C.downloadExport),
      ...notFoundAs(MSG.dataExportNotFound),
      handler: async (request, reply) => {
        const { file, filename } = await privacy.download(gatedUser(request), request.params.id);
        return reply
          .type(file.contentType)
          .header('cache-control', 'private, no-store')
          .header('content-disposition', `attachment; filename="${filename}"`)
          .header('content-length', file.size)
          .send(file.body);
      },
    });

    app.route({
      ...routeOf(C.deleteAccount),
      handler: async (request, reply) => {
        await privacy.deleteAccount(gatedUser(request), request.body);
        // Every session is gone with the account; the browser's cookie goes too.
        clearSessionCookie(reply);
        return { ok: true as const };
      },
    });

    app.route({
      ...routeOf(C.staffExport),
      handler: async (request, reply) =>
        reply.status(202).send(await privacy.staffExport(gatedUser(request), request.body)),
    });

    app.route({
      ...routeOf(C.staffErase),
      handler: async (request) => {
        await privacy.staffErase(gatedUser(request), request.body);
        return { ok: true as const };
      },
    });
  };
}
