import { defineModule } from '../module.js';
import { dashboardRoutes } from './routes.js';
import { createDashboardService } from './service.js';

/**
 * The seller's dashboard (issue 32, ADR 0043): last in the order, a read-only reporting model over
 * the tables of the modules before it (orders, catalog, auctions, streams). It needs none of their
 * ports: it calls no rule of theirs, only reads what they wrote, and it writes nothing.
 */
export const dashboardModule = defineModule([], (ctx) => {
  const service = createDashboardService({ db: ctx.db, clock: ctx.clock });
  return { service, routes: dashboardRoutes(service) };
});
