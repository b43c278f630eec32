import { defineModule } from '../module.js';
import { feedRoutes } from './routes.js';
import { createFeedService } from './service.js';

export const feedModule = defineModule({
  name: 'feed',
  create(ctx) {
    const service = createFeedService({ db: ctx.db, clock: ctx.clock, services: ctx.services });
    return {
      service,
      routes: feedRoutes(service),
      jobs: [{ name: 'feed.sweep', everyMs: 3600_000, run: () => service.sweep() }],
    };
  },
});
