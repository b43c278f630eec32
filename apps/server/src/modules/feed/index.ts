import { defineModule } from '../module.js';
import { feedRoutes } from './routes.js';
import { createFeedService, type FeedDeps } from './service.js';

export const feedModule = defineModule(
  ['profiles', 'catalog', 'orders', 'auctions'],
  (ctx, needs: FeedDeps['ports']) => {
    const service = createFeedService({ db: ctx.db, dataVersion: ctx.dataVersion, clock: ctx.clock, ports: needs });
    return {
      service,
      routes: feedRoutes(service),
      jobs: [{ name: 'feed.sweep', everyMs: 3600_000, run: () => service.sweep() }],
    };
  },
);
