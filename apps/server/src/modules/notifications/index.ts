import { defineModule, portOf } from '../module.js';
import { NOTIFICATIONS_PORT } from './port.js';
import { notificationsRoutes } from './routes.js';
import { createNotificationsService } from './service.js';
import { notificationsSocket } from './socket.js';

export const notificationsModule = defineModule([], (ctx, _needs: object) => {
  const service = createNotificationsService({ db: ctx.db, clock: ctx.clock, publish: ctx.publish });
  return {
    service,
    port: portOf(service, NOTIFICATIONS_PORT),
    routes: notificationsRoutes(service),
    socket: notificationsSocket(service, ctx.clock),
    jobs: [{ name: 'notifications.sweep-read', everyMs: 6 * 3600_000, run: () => service.sweep() }],
  };
});
