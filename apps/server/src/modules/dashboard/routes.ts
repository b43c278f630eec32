import type { FastifyInstance } from 'fastify';
import { API, MSG } from '@souq/shared';
import { routeOf, typed } from '../../http/contract-routes.js';
import { notFoundAs } from '../../http/id-params.js';
import { gatedUser } from '../../http/session.js';
import type { DashboardService } from './service.js';

const C = API.dashboard;

/** One route per chart, so each is loaded, timed and retried on its own; every one is the caller's own figures. */
export function dashboardRoutes(dashboard: DashboardService) {
  return async function routes(fastify: FastifyInstance) {
    const app = typed(fastify);

    app.route({
      ...routeOf(C.sales),
      handler: async (request) => dashboard.sales(gatedUser(request), request.query.by),
    });
    app.route({
      ...routeOf(C.ordersByStatus),
      handler: async (request) => dashboard.ordersByStatus(gatedUser(request)),
    });
    app.route({
      ...routeOf(C.topProducts),
      handler: async (request) => dashboard.topProducts(gatedUser(request), request.query.by),
    });
    app.route({
      ...routeOf(C.auctions),
      handler: async (request) => dashboard.auctions(gatedUser(request)),
    });
    app.route({
      ...routeOf(C.auctionBids),
      ...notFoundAs(MSG.auctionNotFound),
      handler: async (request) => dashboard.auctionBids(gatedUser(request), request.params.id),
    });
    app.route({
      ...routeOf(C.shows),
      handler: async (request) => dashboard.shows(gatedUser(request)),
    });
  };
}
