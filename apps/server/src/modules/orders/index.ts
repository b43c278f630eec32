import { defineModule } from '../module.js';
import { ordersRoutes } from './routes.js';
import { createOrdersService } from './service.js';

export const ordersModule = defineModule({
  name: 'orders',
  create(ctx) {
    const service = createOrdersService({ db: ctx.db, clock: ctx.clock, catalog: ctx.services.catalog, media: ctx.media });
    return { service, routes: ordersRoutes(service) };
  },
});
