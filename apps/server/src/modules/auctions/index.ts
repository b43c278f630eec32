import type { CatalogPort } from '../catalog/port.js';
import { defineModule, fillersOf, hookSlot, portOf } from '../module.js';
import type { BidGate } from './bidding.js';
import { AUCTIONS_PORT } from './port.js';
import { auctionsRoutes } from './routes.js';
import { winsRoutes } from './wins-routes.js';
import type { UnpaidWinFlow } from './wins.js';
import { createAuctionsService, type AuctionsDeps, type OnAuctionClosed } from './service.js';
import { auctionsSocket } from './socket.js';

/** Only what auctions asks of the modules before it (parts.ts), and catalog's slot it fills. */
interface AuctionsNeeds extends Omit<AuctionsDeps['ports'], 'catalog'> {
  catalog: AuctionsDeps['ports']['catalog'] & Pick<CatalogPort, 'slots'>;
  /** The flow an auction's close sets off (flows/auction-close.ts), which auctions never imports. */
  onClosed: OnAuctionClosed;
  /** The flow that keeps winners to their deadline (flows/unpaid-win.ts). */
  unpaidWin: UnpaidWinFlow;
}

export const auctionsModule = defineModule(
  ['accounts', 'catalog', 'orders', 'notifications'],
  (ctx, needs: AuctionsNeeds) => {
    const slots = { bidGate: hookSlot<BidGate>(), lotClosed: hookSlot<OnAuctionClosed>() };
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
      onClosed: needs.onClosed,
      unpaidWin: needs.unpaidWin,
      bidGates: slots.bidGate.hooks,
      lotClosedHooks: slots.lotClosed.hooks,
      bidCounts: { accepted: ctx.metrics.bidAccepted, refused: ctx.metrics.bidRefused },
      unpaid: ctx.config.unpaid,
    });
    needs.catalog.slots.onOpenAuction(service.isOnOpenAuction);
    return {
      service,
      port: { ...portOf(service, AUCTIONS_PORT), slots: fillersOf(slots) },
      routes: async (app) => {
        await auctionsRoutes(service, () => ctx.clock.iso(), ctx.config.bidRateLimit, ctx.metrics.bidRefused)(app);
        await winsRoutes(service)(app);
      },
      socket: auctionsSocket,
      referencedUploads: () => service.referencedUploads(),
      jobs: [
        // Auctions close on time: the job sleeps until the next end (at most a second).
        { name: 'auctions.close-due', everyMs: 1000, run: () => service.closeDue() },
        // Won orders past their deadline are cancelled as unpaid (issue 31); it sleeps until the next reminder or deadline.
        { name: 'auctions.unpaid-wins', everyMs: 60_000, run: () => service.sweepUnpaidWins() },
        { name: 'auctions.sweep-idempotency-keys', everyMs: 3600_000, run: () => service.sweepIdempotencyKeys() },
        // Strikes' suspensions on the people's rows, where bids read them: those from before the
        // rows held them, and a strike that raced another's (ADR 0037).
        { name: 'auctions.keep-bidding-suspensions', everyMs: 3600_000, run: () => service.keepSuspensionsOnRows() },
      ],
    };
  },
);
