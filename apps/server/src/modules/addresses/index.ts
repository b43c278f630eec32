import { defineModule } from '../module.js';
import { addressesRoutes } from './routes.js';
import { createAddressesService } from './service.js';

export const addressesModule = defineModule([], (ctx) => {
  const service = createAddressesService({ db: ctx.db, clock: ctx.clock });
  return { service, routes: addressesRoutes(service, ctx.config.mapStyleUrl) };
});
