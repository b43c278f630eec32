import { defineModule } from '../module.js';
import { profileListRoutes } from './profile-routes.js';
import { catalogRoutes } from './routes.js';
import { createCatalogService } from './service.js';

export const catalogModule = defineModule({
  name: 'catalog',
  create(ctx) {
    const service = createCatalogService({
      db: ctx.db,
      dialect: ctx.dialect,
      clock: ctx.clock,
      media: ctx.media,
      adjustPostsCount: (trx, userId, delta) => ctx.services.profiles.adjustPostsCount(trx, userId, delta),
      isOnOpenAuction: (productId) => ctx.services.auctions.isOnOpenAuction(productId),
    });
    return {
      service,
      routes: async (app) => {
        await catalogRoutes(service, (id, user) => ctx.services.reviews.hasReviewed(id, user))(app);
        await profileListRoutes(service)(app);
      },
      referencedUploads: () => service.referencedUploads(),
      firstPaintImage: (pathname, search) => service.firstPaintImage(pathname, search),
    };
  },
});
