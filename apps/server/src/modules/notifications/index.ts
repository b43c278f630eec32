import { defineModule } from '../module.js';
import { notificationsRoutes } from './routes.js';
import { createNotificationsService } from './service.js';
import { notificationsSocket } from './socket.js';

export const notificationsModule = defineModule({
  name: 'notifications',
  create(ctx) {
    const service = createNotificationsService({ db: ctx.db, clock: ctx.clock });
    return {
      service,
      routes: notificationsRoutes(service),
      socket: notificationsSocket(service, ctx.clock),
      jobs: [{ name: 'notifications.sweep-read', everyMs: 6 * 3600_000, run: () => service.sweep() }],
    };
  },
});
