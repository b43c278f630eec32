import { defineModule } from '../module.js';
import { auctionsRoutes } from './routes.js';
import { createAuctionsService } from './service.js';
import { auctionsSocket } from './socket.js';

export const auctionsModule = defineModule({
  name: 'auctions',
  create(ctx) {
    const service = createAuctionsService({
      db: ctx.db,
      dialect: ctx.dialect,
      clock: ctx.clock,
      media: ctx.media,
      mailer: ctx.mailer,
      publicUrl: ctx.config.publicUrl,
      publish: ctx.publish,
      log: ctx.log,
      services: ctx.services,
      bidCounts: { accepted: ctx.metrics.bidAccepted, refused: ctx.metrics.bidRefused },
    });
    return {
      service,
      routes: auctionsRoutes(service, () => ctx.clock.iso(), ctx.config.bidRateLimit, ctx.metrics.bidRefused),
      socket: auctionsSocket,
      referencedUploads: () => service.referencedUploads(),
      jobs: [
        // Auctions close on time: the job sleeps until the next end (at most a second).
        { name: 'auctions.close-due', everyMs: 1000, run: () => service.closeDue() },
        { name: 'auctions.sweep-idempotency-keys', everyMs: 3600_000, run: () => service.sweepIdempotencyKeys() },
      ],
    };
  },
});
