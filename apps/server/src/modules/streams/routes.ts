import type { FastifyInstance } from 'fastify';
import { API, MSG } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { STREAM_FORM, filesOf, readForm, uploadRoutes } from '../../http/multipart.js';
import { gatedUser } from '../../http/session.js';
import type { StreamsService } from './service.js';

const C = API.streams;
const S = API.streams;

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
      ...routeOf(S.upcoming),
      handler: async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return streams.upcoming();
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
    showRoutes(app, streams);
  };
}

/** The run sheet, pre-bids and going live (contract/shows.ts). */
function showRoutes(app: ReturnType<typeof typed>, streams: StreamsService) {
  const hostGate = { loggedOut: MSG.streamLoginRequired, unverified: MSG.streamVerifyRequired };
  app.route({
    ...routeOf(S.goLive, hostGate),
    handler: async (request) => {
      await streams.goLive(gatedUser(request), request.params.id, request.log);
      return { ok: true as const };
    },
  });
  app.route({
    ...routeOf(S.addLot, hostGate),
    handler: async (request, reply) =>
      reply.status(201).send(await streams.addLot(gatedUser(request), request.params.id, request.body)),
  });
  app.route({
    ...routeOf(S.editLot),
    handler: async (request) =>
      streams.editLot(gatedUser(request), request.params.id, request.params.lotId, request.body),
  });
  app.route({
    ...routeOf(S.dropLot),
    handler: async (request) => {
      await streams.dropLot(gatedUser(request), request.params.id, request.params.lotId);
      return { ok: true as const };
    },
  });
  app.route({
    ...routeOf(S.reorderLots),
    handler: async (request) => streams.reorderLots(gatedUser(request), request.params.id, request.body.lotIds),
  });
  app.route({
    ...routeOf(S.startLot),
    handler: async (request) => streams.startLot(gatedUser(request), request.params.id, request.params.lotId),
  });
  app.route({
    ...routeOf(S.prebid),
    handler: async (request) =>
      streams.prebid(gatedUser(request), request.params.id, request.params.lotId, request.body.maxAmount),
  });
}
