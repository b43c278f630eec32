import type { CatalogPort } from '../catalog/port.js';
import type { ProfilesPort } from '../profiles/port.js';
import { defineModule, portOf } from '../module.js';
import { ORDERS_PORT } from './port.js';
import { ordersRoutes } from './routes.js';
import { createOrdersService } from './service.js';

export const ordersModule = defineModule(
  ['catalog', 'profiles'],
  (ctx, needs: { catalog: CatalogPort; profiles: ProfilesPort }) => {
    const service = createOrdersService({
      db: ctx.db,
      dialect: ctx.dialect,
      clock: ctx.clock,
      winCompleteMs: ctx.config.winCompleteMs,
      catalog: needs.catalog,
      profiles: needs.profiles,
      media: ctx.media,
      mail: { mailer: ctx.mailer, publicUrl: ctx.config.publicUrl, log: ctx.log },
      shipWithinMs: ctx.config.aftersale.shipWithinMs,
    });
    return { service, port: portOf(service, ORDERS_PORT), routes: ordersRoutes(service) };
  },
);
