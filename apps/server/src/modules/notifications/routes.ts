import type { FastifyInstance } from 'fastify';
import { API } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { gatedUser } from '../../http/session.js';
import type { NotificationsService } from './service.js';

export function notificationsRoutes(notifications: NotificationsService) {
  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);
    const C = API.notifications;
    app.route({
      ...routeOf(C.list),
      handler: async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return notifications.list(gatedUser(request));
      },
    });
    app.route({ ...routeOf(C.markAllRead), handler: async (request) => notifications.markAllRead(gatedUser(request)) });
    app.route({
      ...routeOf(C.settings),
      handler: async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return notifications.settingsOf(gatedUser(request));
      },
    });
    app.route({
      ...routeOf(C.saveSettings),
      handler: async (request) => notifications.saveSettings(gatedUser(request), request.body.topics),
    });
  };
}
