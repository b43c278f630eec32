import { createVideoBackend } from '../../adapters/video/index.js';
import type { AccountsPort } from '../accounts/port.js';
import type { AuctionsPort } from '../auctions/port.js';
import { defineModule } from '../module.js';
import type { OrdersPort } from '../orders/port.js';
import { NO_SHOW_PARTS } from './parts.js';
import { streamsRoutes } from './routes.js';
import { createStreamsService } from './service.js';
import { streamsSocket } from './socket.js';

export const streamsModule = defineModule(
  (ctx, needs: { accounts: AccountsPort; orders: OrdersPort; auctions: AuctionsPort }) => {
    const service = createStreamsService({
      db: ctx.db,
      clock: ctx.clock,
      media: ctx.media,
      video: createVideoBackend(ctx.config, ctx.log),
      ice: ctx.config.video.ice,
      publish: ctx.publish,
      log: ctx.log,
      ports: needs,
      bidRefused: ctx.metrics.bidRefused,
      // Pins, clips, reminders and moderation join here as their files land.
      parts: NO_SHOW_PARTS,
    });
    // Removed viewers may not bid on the stream's auction by any route (the HTTP bid form included).
    needs.auctions.addBidGate(service.bidGate);
    // A lot's close posts its hammer line and tells the room, in the close's own transaction.
    needs.auctions.onLotClosed(service.onLotClosed);
    return {
      service,
      routes: streamsRoutes(service),
      socket: streamsSocket(service, needs.accounts, ctx.clock),
      referencedUploads: () => service.referencedUploads(),
      // Streams end on their timer, or when their host has been gone past the grace period.
      jobs: [{ name: 'streams.end-due', everyMs: 1000, run: () => service.endDue() }],
    };
  },
);
