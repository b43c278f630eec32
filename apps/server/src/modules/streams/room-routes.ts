import type { FastifyInstance } from 'fastify';
import { API, MSG } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { notFoundAs } from '../../http/id-params.js';
import { gatedUser } from '../../http/session.js';
import type { RoomParts } from './moderation.js';

const C = API.streams;

/** Reminders, moderators, mutes and muted words (issue 30): the rules are in reminders.ts and moderation.ts. */
export function roomRoutes(room: Pick<RoomParts, 'moderation' | 'reminders'>) {
  const { moderation, reminders } = room;
  const streamRoute = notFoundAs(MSG.streamNotFound);
  const userRoute = notFoundAs(MSG.userNotFound);

  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    app.route({
      ...routeOf(C.remind),
      ...streamRoute,
      handler: async (request) => {
        await reminders.remind(gatedUser(request), request.params.id);
        return { ok: true as const };
      },
    });
    app.route({
      ...routeOf(C.forget),
      ...streamRoute,
      handler: async (request) => {
        await reminders.forget(gatedUser(request), request.params.id);
        return { ok: true as const };
      },
    });
    app.route({
      ...routeOf(C.mutedWords),
      ...streamRoute,
      handler: async (request) => moderation.setMutedWords(gatedUser(request), request.params.id, request.body),
    });
    app.route({
      ...routeOf(C.mute),
      ...streamRoute,
      handler: async (request) => moderation.mute(gatedUser(request), request.params.id, request.params.userId),
    });
    app.route({
      ...routeOf(C.moderators),
      handler: async (request) => ({ items: await moderation.moderators(gatedUser(request)) }),
    });
    app.route({
      ...routeOf(C.addModerator),
      handler: async (request, reply) =>
        reply.status(201).send(await moderation.addModerator(gatedUser(request), request.body)),
    });
    app.route({
      ...routeOf(C.removeModerator),
      ...userRoute,
      handler: async (request) => {
        await moderation.removeModerator(gatedUser(request), request.params.userId);
        return { ok: true as const };
      },
    });
  };
}
