import type { CatalogPort } from '../catalog/port.js';
import { defineModule, portOf } from '../module.js';
import type { NotificationsPort } from '../notifications/port.js';
import type { OrdersPort } from '../orders/port.js';
import { AUCTIONS_PORT } from './port.js';
import { auctionsRoutes } from './routes.js';
import { createAuctionsService } from './service.js';
import { auctionsSocket } from './socket.js';

export const auctionsModule = defineModule((ctx, needs: { catalog: CatalogPort; orders: OrdersPort; notifications: NotificationsPort }) => {
  const service = createAuctionsService({
    db: ctx.db,
    dialect: ctx.dialect,
    clock: ctx.clock,
    media: ctx.media,
    mailer: ctx.mailer,
    publicUrl: ctx.config.publicUrl,
    publish: ctx.publish,
    log: ctx.log,
    ports: needs,
    bidCounts: { accepted: ctx.metrics.bidAccepted, refused: ctx.metrics.bidRefused },
  });
  needs.catalog.answerOnOpenAuction(service.isOnOpenAuction);
  return {
    service,
    port: portOf(service, AUCTIONS_PORT),
    routes: auctionsRoutes(service, () => ctx.clock.iso(), ctx.config.bidRateLimit, ctx.metrics.bidRefused),
    socket: auctionsSocket,
    referencedUploads: () => service.referencedUploads(),
    jobs: [
      // Auctions close on time: the job sleeps until the next end (at most a second).
      { name: 'auctions.close-due', everyMs: 1000, run: () => service.closeDue() },
      { name: 'auctions.sweep-idempotency-keys', everyMs: 3600_000, run: () => service.sweepIdempotencyKeys() },
    ],
  };
});
