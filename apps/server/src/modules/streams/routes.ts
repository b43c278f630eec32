import type { FastifyInstance } from 'fastify';
import { MSG } from '@souq/shared';
import { STREAM_FORM, filesOf, readMultipart, uploadRoutes } from '../../http/multipart.js';
import { requireUser, requireVerifiedUser } from '../../http/session.js';
import type { StreamsService } from './service.js';

type IdParams = { Params: { id: string } };

export function streamsRoutes(streams: StreamsService) {
  return async function routes(app: FastifyInstance) {
    app.get<IdParams>('/api/streams', async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return streams.list(request.query);
    });
    app.get<IdParams>('/api/streams/:id', async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return streams.detail(request.currentUser, request.params.id);
    });
    app.get<IdParams>('/api/streams/:id/video', async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return streams.video(request.currentUser, request.params.id);
    });

    await uploadRoutes(app, (uploads) => {
      uploads.post('/api/streams', async (request, reply) => {
        const host = requireVerifiedUser(request, { loggedOut: MSG.streamLoginRequired, unverified: MSG.streamVerifyRequired });
        const body = await readMultipart(request, STREAM_FORM);
        const cover = filesOf(body, 'cover')[0];
        const created = await streams.start(host, body.fields, cover && { source: cover.path, bytes: cover.size });
        return reply.status(201).send(created);
      });
    });
    app.post<IdParams>('/api/streams/:id/end', async (request) => {
      await streams.endByHost(requireUser(request), request.params.id);
      return { ok: true };
    });
    app.delete<{ Params: { id: string; messageId: string } }>('/api/streams/:id/messages/:messageId', async (request) => {
      await streams.deleteMessage(requireUser(request), request.params.id, request.params.messageId);
      return { ok: true };
    });
    app.post<{ Params: { id: string; userId: string } }>('/api/streams/:id/removed/:userId', async (request) => {
      await streams.removeViewer(requireUser(request), request.params.id, request.params.userId);
      return { ok: true };
    });
  };
}
