import type { CatalogPort } from '../catalog/port.js';
import { defineModule, portOf } from '../module.js';
import { REVIEWS_PORT } from './port.js';
import { reviewsRoutes } from './routes.js';
import { createReviewsService, type ReviewsDeps } from './service.js';

export const reviewsModule = defineModule(
  ['catalog'],
  (ctx, needs: { catalog: ReviewsDeps['catalog'] & Pick<CatalogPort, 'slots'> }) => {
    const service = createReviewsService({
      db: ctx.db,
      clock: ctx.clock,
      catalog: needs.catalog,
      avatarUrl: ctx.media.avatarUrl,
    });
    needs.catalog.slots.reviewedByMe(service.hasReviewed);
    return { service, port: portOf(service, REVIEWS_PORT), routes: reviewsRoutes(service) };
  },
);
