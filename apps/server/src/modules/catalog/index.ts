import type { UserRow } from '../../db/schema.js';
import { answerSlot, defineModule, fillersOf, portOf } from '../module.js';
import type { ProfilesPort } from '../profiles/port.js';
import { CATALOG_PORT, type CatalogPort } from './port.js';
import { profileListRoutes } from './profile-routes.js';
import { catalogRoutes } from './routes.js';
import { createCatalogService } from './service.js';
import { createViewsService } from './views.js';
import { viewsRoutes } from './views-routes.js';

export const catalogModule = defineModule(
  ['profiles'],
  (ctx, needs: { profiles: Pick<ProfilesPort, 'adjustPostsCount'> }) => {
    // With no auctions module nothing is on an auction; with no reviews module nobody has reviewed.
    const slots = {
      onOpenAuction: answerSlot('Whether a product is on an open auction', async (_productId: string) => false),
      reviewedByMe: answerSlot(
        'Whether the viewer has reviewed a product',
        async (_productId: string, _viewer: UserRow | null) => false,
      ),
    };
    const service = createCatalogService({
      db: ctx.db,
      dialect: ctx.dialect,
      clock: ctx.clock,
      media: ctx.media,
      adjustPostsCount: needs.profiles.adjustPostsCount,
      isOnOpenAuction: slots.onOpenAuction.ask,
      publish: ctx.publish,
    });
    const views = createViewsService({ db: ctx.db, clock: ctx.clock, log: ctx.log });
    const port: CatalogPort = {
      ...portOf(service, CATALOG_PORT),
      slots: fillersOf(slots),
    };
    return {
      // Its views too, so a test (or a tool) can write what waits in memory.
      service: Object.assign(service, { views }),
      port,
      routes: async (app) => {
        await catalogRoutes(service, slots.reviewedByMe.ask)(app);
        await profileListRoutes(service)(app);
        await viewsRoutes(views)(app);
        // Views wait in memory for a second (ADR 0044): written before the database closes.
        app.addHook('onClose', () => views.flush());
      },
      referencedUploads: () => service.referencedUploads(),
      // Issue 32: yesterday's view marks are no longer needed for the once-a-day dedup.
      jobs: [
        { name: 'catalog.sweep-view-marks', everyMs: 6 * 3600_000, run: () => views.sweep() },
        // The dashboard's 30-day view totals (ADR 0043): a day leaves them within 10 minutes of Gulf midnight.
        { name: 'catalog.roll-view-window', everyMs: 10 * 60_000, run: () => views.rollWindow() },
      ],
      firstPaintImage: (pathname, search) => service.firstPaintImage(pathname, search),
    };
  },
);
