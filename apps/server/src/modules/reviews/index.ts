import { defineModule } from '../module.js';
import { reviewsRoutes } from './routes.js';
import { createReviewsService } from './service.js';

export const reviewsModule = defineModule({
  name: 'reviews',
  create(ctx) {
    const service = createReviewsService({ db: ctx.db, clock: ctx.clock, catalog: ctx.services.catalog, avatarUrl: ctx.media.avatarUrl });
    return { service, routes: reviewsRoutes(service) };
  },
});
