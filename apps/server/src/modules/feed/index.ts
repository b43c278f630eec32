import type { AuctionsPort } from '../auctions/port.js';
import type { CatalogPort } from '../catalog/port.js';
import { defineModule } from '../module.js';
import type { OrdersPort } from '../orders/port.js';
import type { ProfilesPort } from '../profiles/port.js';
import { feedRoutes } from './routes.js';
import { createFeedService } from './service.js';

export const feedModule = defineModule(
  ['profiles', 'catalog', 'orders', 'auctions'],
  (ctx, needs: { profiles: ProfilesPort; catalog: CatalogPort; orders: OrdersPort; auctions: AuctionsPort }) => {
    const service = createFeedService({ db: ctx.db, dataVersion: ctx.dataVersion, clock: ctx.clock, ports: needs });
    return {
      service,
      routes: feedRoutes(service),
      jobs: [{ name: 'feed.sweep', everyMs: 3600_000, run: () => service.sweep() }],
    };
  },
);
