import { mailLater } from '../../lib/mail-later.js';
import { defineModule } from '../module.js';
import type { OffersDeps } from './deps.js';
import { lapseJob } from './lapse.js';
import { offersRoutes } from './routes.js';
import { createOffersService } from './service.js';

/**
 * "Make an offer" on fixed-price items (ADR 0053): the seller's terms, offers and their
 * answers, the units accepted offers hold, and their checkout into orders through orders' port.
 * Nothing after it calls it.
 */
export const offersModule = defineModule(
  ['accounts', 'catalog', 'orders', 'notifications'],
  (ctx, needs: Pick<OffersDeps, 'accounts' | 'catalog' | 'orders' | 'notifications'>) => {
    const service = createOffersService({
      db: ctx.db,
      clock: ctx.clock,
      catalog: needs.catalog,
      orders: needs.orders,
      accounts: needs.accounts,
      notifications: needs.notifications,
      media: ctx.media,
      mailLater: mailLater(ctx.mailer, ctx.log, 'offer mail failed'),
      publicUrl: ctx.config.publicUrl,
      offerMs: ctx.config.offerMs,
    });
    return { service, routes: offersRoutes(service), jobs: [lapseJob(service.lapseDue)] };
  },
);
