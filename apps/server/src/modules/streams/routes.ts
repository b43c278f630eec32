import type { FastifyInstance } from 'fastify';
import { API, MSG } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { STREAM_FORM, filesOf, readForm, uploadRoutes } from '../../http/multipart.js';
import { gatedUser } from '../../http/session.js';
import type { StreamsService } from './service.js';

const C = API.streams;

export function streamsRoutes(streams: StreamsService) {
  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const hostGate = { loggedOut: MSG.streamLoginRequired, unverified: MSG.streamVerifyRequired };
    app.route({
      ...routeOf(C.list),
      handler: async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return streams.list(request.query);
      },
    });
    app.route({
      ...routeOf(C.detail),
      handler: async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return streams.detail(request.currentUser, request.params.id);
      },
    });
    app.route({
      ...routeOf(C.video),
      handler: async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return streams.video(request.currentUser, request.params.id);
      },
    });

    await uploadRoutes(app, (uploads) => {
      typed(uploads).route({
        ...routeOf(C.start, hostGate),
        handler: async (request, reply) => {
          const host = gatedUser(request);
          const form = await readForm(request, C.start.form, STREAM_FORM);
          const cover = filesOf(form, 'cover')[0];
          const created = await streams.start(
            host,
            form.fields,
            cover && { source: cover.path, bytes: cover.size },
            request.log,
          );
          return reply.status(201).send(created);
        },
      });
    });
    app.route({
      ...routeOf(C.end),
      handler: async (request) => {
        await streams.endByHost(gatedUser(request), request.params.id);
        return { ok: true as const };
      },
    });
    app.route({
      ...routeOf(C.deleteMessage),
      handler: async (request) => {
        await streams.deleteMessage(gatedUser(request), request.params.id, request.params.messageId);
        return { ok: true as const };
      },
    });
    app.route({
      ...routeOf(C.removeViewer),
      handler: async (request) => {
        await streams.removeViewer(gatedUser(request), request.params.id, request.params.userId);
        return { ok: true as const };
      },
    });
  };
}
