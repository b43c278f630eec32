import { defineModule } from '../module.js';
import { reportsRoutes } from './routes.js';
import { createReportsService } from './service.js';
import type { ReportsPorts } from './targets.js';

/** Reports, and staff's actions on them (issue 31): last in the order, as it acts through every module before it. */
export const reportsModule = defineModule(
  ['accounts', 'catalog', 'reviews', 'auctions', 'streams'],
  (ctx, needs: ReportsPorts) => {
    const service = createReportsService({ db: ctx.db, clock: ctx.clock, media: ctx.media, ports: needs });
    return { service, routes: reportsRoutes(service) };
  },
);
