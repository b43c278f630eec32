import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/session.js';
import type { NotificationsService } from './service.js';

export function notificationsRoutes(notifications: NotificationsService) {
  return async function routes(app: FastifyInstance) {
    app.get('/api/notifications', async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return notifications.list(requireUser(request));
    });
    app.post('/api/notifications/read', async (request) => notifications.markAllRead(requireUser(request)));
  };
}
